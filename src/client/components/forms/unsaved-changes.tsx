import { useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/client/components/ui/alert-dialog";
import { Button } from "@/client/components/ui/button";
import { requestSignOut, SIGN_OUT_HREF } from "@/client/lib/auth";

/** The question every form asks before what was typed in it is thrown away. */
export const DISCARD_TITLE = "Discard unsaved changes?";
export const DISCARD_TEXT = "What you typed in this form has not been saved and will be lost.";

type Answer = (discard: boolean) => void;
let ask: ((answer: Answer) => void) | null = null;

/**
 * Asks whether to throw away unsaved changes, in the app's own dialog (`UnsavedChangesHost`);
 * resolves true to discard. Where the host is not mounted, the browser's confirm asks.
 */
export function confirmDiscard(): Promise<boolean> {
  const show = ask;
  if (!show) return Promise.resolve(window.confirm(`${DISCARD_TITLE} ${DISCARD_TEXT}`));
  return new Promise((resolve) => show(resolve));
}

interface LeaveGuard {
  /** Throws the unsaved changes away (the draft too), once the person agreed to leave. */
  discard: () => void;
}
const leaveGuards = new Set<LeaveGuard>();

/**
 * While `dirty`, leaving the page (a link in the app, sign-out, a reload or closing the tab) asks
 * first; `discard` runs when the person agrees to leave through a link.
 */
export function useLeaveGuard(dirty: boolean, discard: () => void) {
  const discardRef = useRef(discard);
  discardRef.current = discard;
  useEffect(() => {
    if (!dirty) return;
    const guard: LeaveGuard = { discard: () => discardRef.current() };
    leaveGuards.add(guard);
    return () => {
      leaveGuards.delete(guard);
    };
  }, [dirty]);
}

/**
 * Before every screen changes at once (another family): asks to throw away unsaved changes when a
 * form holds some, and throws them away (drafts too) if the person agrees. True to go on.
 */
export async function confirmLeavingForms(): Promise<boolean> {
  if (leaveGuards.size === 0) return true;
  if (!(await confirmDiscard())) return false;
  for (const guard of [...leaveGuards]) guard.discard();
  leaveGuards.clear();
  return true;
}

/** The internal link a click follows, when it is a plain left click on one. */
function followedLink(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = (event.target as Element | null)?.closest?.("a[href]");
  if (!(link instanceof HTMLAnchorElement)) return null;
  if (link.target && link.target !== "_self") return null;
  if (link.hasAttribute("download") || link.origin !== window.location.origin) return null;
  return link;
}

/**
 * Mounted once in the signed-in app: the 'Discard unsaved changes?' dialog that `confirmDiscard`
 * opens, and the guards on leaving the page while a form holds unsaved changes.
 */
export function UnsavedChangesHost() {
  const pending = useRef<Answer | null>(null);
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();

  useEffect(() => {
    ask = (next) => {
      pending.current?.(false);
      pending.current = next;
      setOpen(true);
    };
    return () => {
      ask = null;
    };
  }, []);

  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (leaveGuards.size === 0) return;
      event.preventDefault();
      event.returnValue = "";
    };
    // Capture on window runs before React's handlers, so a link's own navigation waits for the answer.
    const click = (event: MouseEvent) => {
      if (leaveGuards.size === 0) return;
      const link = followedLink(event);
      if (!link || link.href === window.location.href) return;
      event.preventDefault();
      event.stopPropagation();
      void confirmDiscard().then((discard) => {
        if (!discard) return;
        for (const guard of [...leaveGuards]) guard.discard();
        leaveGuards.clear();
        const path = `${link.pathname}${link.search}${link.hash}`;
        // Signing out may ask about entries still to send; other server routes are full page
        // loads; the app's own routes stay in the app.
        if (link.pathname === SIGN_OUT_HREF) requestSignOut();
        else if (link.pathname.startsWith("/api/")) window.location.assign(path);
        else navigate(path);
      });
    };
    window.addEventListener("beforeunload", beforeUnload);
    window.addEventListener("click", click, true);
    return () => {
      window.removeEventListener("beforeunload", beforeUnload);
      window.removeEventListener("click", click, true);
    };
  }, [navigate]);

  const reply = (discard: boolean) => {
    pending.current?.(discard);
    pending.current = null;
    setOpen(false);
  };

  return (
    <AlertDialog open={open} onOpenChange={(open) => (open ? undefined : reply(false))}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{DISCARD_TITLE}</AlertDialogTitle>
          <AlertDialogDescription>{DISCARD_TEXT}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep editing</AlertDialogCancel>
          <Button variant="destructive" onClick={() => reply(true)}>
            Discard
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
