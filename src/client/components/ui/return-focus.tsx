import { type RefObject, useLayoutEffect, useRef, useState } from "react";

/**
 * The element that has the focus now, as a place to come back to. A menu item goes away with its
 * menu, so a dialog opened from one (the child card's Edit/Delete) comes back to the menu's button.
 */
function focusedElement(): HTMLElement | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest('[role="menu"]');
  const triggerId = menu?.getAttribute("aria-labelledby");
  return (triggerId ? document.getElementById(triggerId) : null) ?? active;
}

/**
 * Notes the focused element in the first render of a modal's content, before Radix moves the
 * focus into it. Render it inside the content, so each opening notes the element again.
 */
export function RememberFocus({ into }: { into: RefObject<HTMLElement | null> }) {
  const [focused] = useState(focusedElement);
  useLayoutEffect(() => {
    into.current = focused;
  }, [into, focused]);
  return null;
}

/**
 * Where the focus goes when a modal dialog closes. Radix gives it back to the dialog's Trigger,
 * but our dialogs are opened from state (a card's Edit button, a menu item), so without this it
 * would land on <body>. It goes back to the element `RememberFocus` noted, or to the page's
 * <main> when that element is gone (the card of a deleted record) or cannot take the focus.
 * A caller's `onCloseAutoFocus` runs first and wins if it calls `preventDefault()`.
 *
 * @example
 * const returnFocus = useReturnFocus(onCloseAutoFocus);
 * <DialogPrimitive.Content onCloseAutoFocus={returnFocus.onCloseAutoFocus}>
 *   <RememberFocus into={returnFocus.returnTo} />
 */
export function useReturnFocus(onCloseAutoFocus?: (event: Event) => void) {
  const returnTo = useRef<HTMLElement | null>(null);
  return {
    returnTo,
    onCloseAutoFocus(event: Event) {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      event.preventDefault();
      const target = returnTo.current;
      returnTo.current = null;
      // Another dialog opened from this one (a Log now tile opens its form as the sheet closes) holds
      // the focus already: taking it back when this one's closing animation ends, later on a slow
      // phone, would send what the person is typing to the page behind.
      const holder = document.activeElement?.closest('[role="dialog"], [role="alertdialog"]');
      if (holder?.getAttribute("data-state") === "open") return;
      if (target?.isConnected) target.focus();
      if (!target || document.activeElement !== target)
        document.getElementById("main")?.focus({ preventScroll: true });
    },
  };
}
