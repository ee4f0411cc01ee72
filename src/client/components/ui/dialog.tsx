import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "@/client/lib/utils";
import { RememberFocus, useReturnFocus } from "./return-focus";
import { useBackCloses } from "./use-back-closes";

/**
 * A modal dialog. When controlled (`open`), the phone's Back button closes it through
 * `onOpenChange(false)` (which may ask first) instead of leaving the screen.
 */
export function Dialog({ open, onOpenChange, ...props }: ComponentProps<typeof DialogPrimitive.Root>) {
  useBackCloses(open === true, () => onOpenChange?.(false));
  return <DialogPrimitive.Root open={open} onOpenChange={onOpenChange} {...props} />;
}
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;
export const DialogPortal = DialogPrimitive.Portal;

export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      className={cn(
        "fixed inset-0 z-50 bg-black/50 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in",
        className,
      )}
      {...props}
    />
  );
}

const FOCUSABLE =
  'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Puts the focus on the first field or button of an opening dialog, with the cursor at the end of
 * what a field holds. Radix would select the field's text, so that the first key typed replaced
 * it (an Edit dialog's name gone with a stray key).
 */
export function focusFirstWithoutSelecting(event: Event) {
  const container = event.target;
  if (!(container instanceof HTMLElement)) return;
  const first = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].find(
    (el) =>
      el.tabIndex >= 0 && el.getClientRects().length > 0 && !el.closest("[inert], [aria-hidden='true']"),
  );
  event.preventDefault();
  (first ?? container).focus();
  if (first instanceof HTMLInputElement || first instanceof HTMLTextAreaElement) {
    try {
      const end = first.value.length;
      first.setSelectionRange(end, end);
    } catch {
      // Number, date and other fields have no text selection.
    }
  }
}

/**
 * A centred modal panel; scrolls inside itself when taller than the screen. It opens with the focus
 * on its first field, nothing selected. On closing, the focus goes back to the element that had it
 * when the dialog opened (see `useReturnFocus`).
 */
export function DialogContent({
  className,
  children,
  closeLabel = "Close",
  onCloseAutoFocus,
  onOpenAutoFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { closeLabel?: string }) {
  const returnFocus = useReturnFocus(onCloseAutoFocus);
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(
          "fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-xl border border-border bg-card p-5 shadow-xl sm:p-6 data-[state=closed]:animate-dialog-out data-[state=open]:animate-dialog-in",
          className,
        )}
        {...props}
        onOpenAutoFocus={(event) => {
          onOpenAutoFocus?.(event);
          if (!event.defaultPrevented) focusFirstWithoutSelecting(event);
        }}
        onCloseAutoFocus={returnFocus.onCloseAutoFocus}
      >
        <RememberFocus into={returnFocus.returnTo} />
        {children}
        <DialogPrimitive.Close
          aria-label={closeLabel}
          className="absolute top-2 right-2 inline-flex size-10 max-sm:size-11 cursor-pointer items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <X aria-hidden="true" className="size-5" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5 pr-8", className)} {...props} />;
}

/**
 * For a form's footer in a dialog that may scroll: Save and Cancel stay at the bottom of the
 * screen, over the fields, however long the form is.
 */
export const stickyFooterClassName =
  "sticky -bottom-5 z-10 -mx-5 -mb-5 sm:-bottom-6 mt-0 border-border border-t bg-card px-5 py-3 sm:-mx-6 sm:-mb-6 sm:px-6";

export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      className={cn("flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end", className)}
      {...props}
    />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title className={cn("font-semibold text-lg leading-tight", className)} {...props} />
  );
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description className={cn("text-muted-foreground text-sm", className)} {...props} />
  );
}
