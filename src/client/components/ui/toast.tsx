import { cva, type VariantProps } from "class-variance-authority";
import { X } from "lucide-react";
import { Toast as ToastPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "@/client/lib/utils";

export const ToastProvider = ToastPrimitive.Provider;

/**
 * At the bottom, away from where a dialog keeps its title and close button: on a phone above the
 * bottom bar, on wider screens in the bottom right corner (above the banner of entries waiting to
 * be sent, while it shows). While a dialog is open they move to the
 * bottom left, away from its Save and Cancel (at its bottom right); on a phone, to the very bottom.
 */
export function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      className={cn(
        "fixed inset-x-0 bottom-(--bottom-clear) z-[100] m-0 flex max-h-dvh list-none flex-col gap-2 p-2 outline-none sm:left-auto sm:w-[400px] dialog-open:bottom-0 sm:dialog-open:right-auto sm:dialog-open:left-0",
        className,
      )}
      {...props}
    />
  );
}

const toastVariants = cva(
  "group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border px-4 py-2.5 pr-11 shadow-lg data-[state=closed]:animate-toast-out data-[state=open]:animate-toast-in data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-(--radix-toast-swipe-end-x) data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=cancel]:transition-transform data-[swipe=move]:transition-none",
  {
    variants: {
      variant: {
        default: "border-border bg-card text-foreground",
        destructive: "border-red-700 bg-destructive text-destructive-foreground",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export function Toast({
  className,
  variant,
  ...props
}: ComponentProps<typeof ToastPrimitive.Root> & VariantProps<typeof toastVariants>) {
  return <ToastPrimitive.Root className={cn(toastVariants({ variant }), className)} {...props} />;
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title className={cn("font-semibold text-sm", className)} {...props} />;
}

export function ToastDescription({ className, ...props }: ComponentProps<typeof ToastPrimitive.Description>) {
  return (
    <ToastPrimitive.Description className={cn("line-clamp-2 text-sm opacity-90", className)} {...props} />
  );
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      aria-label="Close notification"
      className={cn(
        "absolute top-1 right-1 inline-flex size-10 cursor-pointer items-center justify-center rounded-md opacity-70 hover:opacity-100",
        className,
      )}
      {...props}
    >
      <X aria-hidden="true" className="size-4" />
    </ToastPrimitive.Close>
  );
}
