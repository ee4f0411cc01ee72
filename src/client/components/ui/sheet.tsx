import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/client/lib/utils";
import { Dialog, DialogOverlay } from "./dialog";
import { RememberFocus, useReturnFocus } from "./return-focus";

/**
 * A modal panel that rises from the bottom of the screen, over the bottom bar: it traps focus,
 * closes on Escape, a tap outside or the phone's Back button, and is announced as a dialog.
 */
export function Sheet({
  open,
  onOpenChange,
  title,
  children,
  className,
  onCloseAutoFocus,
}: {
  onCloseAutoFocus?: (event: Event) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <SheetContent title={title} className={className} onCloseAutoFocus={onCloseAutoFocus}>
        {children}
      </SheetContent>
    </Dialog>
  );
}

function SheetContent({
  title,
  children,
  className,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { title: string }) {
  const returnFocus = useReturnFocus(onCloseAutoFocus);
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content
        aria-describedby={undefined}
        className={cn(
          "fixed inset-x-0 bottom-0 z-50 flex max-h-[calc(100dvh-3rem)] flex-col overflow-y-auto overscroll-contain rounded-t-2xl border-border border-t bg-card px-4 pt-3 pb-[calc(1rem+env(safe-area-inset-bottom))] shadow-xl outline-none data-[state=closed]:animate-sheet-out data-[state=open]:animate-sheet-in",
          className,
        )}
        {...props}
        onCloseAutoFocus={returnFocus.onCloseAutoFocus}
      >
        <RememberFocus into={returnFocus.returnTo} />
        <div className="mb-2 flex items-center justify-between gap-2">
          <DialogPrimitive.Title className="font-semibold text-lg">{title}</DialogPrimitive.Title>
          <DialogPrimitive.Close
            aria-label="Close"
            className="inline-flex size-11 cursor-pointer items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
          >
            <X aria-hidden="true" className="size-5" />
          </DialogPrimitive.Close>
        </div>
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
