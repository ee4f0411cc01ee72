import { HeartPulse, Menu, X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { type ReactNode, useEffect, useRef } from "react";
import { Button } from "@/client/components/ui/button";
import { NavList } from "./nav-list";

/** Wide screens show the sidebar; the drawer closes itself if the window grows past `lg`. */
const WIDE_SCREEN_QUERY = "(min-width: 1024px)";

/**
 * The phone navigation: a modal dialog, so it traps focus, closes on Escape, outside or backdrop
 * click, locks page scrolling while open and is announced as a dialog.
 */
export function MobileNav({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  useEffect(() => {
    if (!open) return;
    const wide = window.matchMedia(WIDE_SCREEN_QUERY);
    const closeWhenWide = () => {
      if (wide.matches) onOpenChange(false);
    };
    wide.addEventListener("change", closeWhenWide);
    return () => wide.removeEventListener("change", closeWhenWide);
  }, [open, onOpenChange]);

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      {children}
    </DialogPrimitive.Root>
  );
}

export function MobileNavTrigger() {
  return (
    <DialogPrimitive.Trigger asChild>
      <Button variant="ghost" size="icon" aria-label="Open navigation menu" className="size-11">
        <Menu aria-hidden="true" className="size-6!" />
      </Button>
    </DialogPrimitive.Trigger>
  );
}

export function MobileNavDrawer({ onNavigate }: { onNavigate: () => void }) {
  // After following a link, focus goes to the new page rather than back to the menu button.
  const navigated = useRef(false);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay
        data-testid="nav-backdrop"
        className="fixed inset-0 z-50 bg-slate-900/50 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in lg:hidden"
      />
      <DialogPrimitive.Content
        aria-describedby={undefined}
        onOpenAutoFocus={() => {
          navigated.current = false;
        }}
        onCloseAutoFocus={(event) => {
          if (!navigated.current) return;
          event.preventDefault();
          document.getElementById("main")?.focus();
        }}
        className="fixed inset-y-0 left-0 z-50 flex w-80 max-w-[85vw] flex-col bg-card shadow-xl outline-none data-[state=closed]:animate-drawer-out data-[state=open]:animate-drawer-in lg:hidden"
      >
        <div className="flex h-16 shrink-0 items-center justify-between gap-2 border-border border-b px-4">
          <div className="flex items-center gap-2">
            <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-white">
              <HeartPulse aria-hidden="true" className="size-4" />
            </span>
            <DialogPrimitive.Title className="font-bold text-base">
              Medical Care Tracker
            </DialogPrimitive.Title>
          </div>
          <DialogPrimitive.Close asChild>
            <Button variant="ghost" size="icon" aria-label="Close navigation menu" className="size-11">
              <X aria-hidden="true" className="size-6!" />
            </Button>
          </DialogPrimitive.Close>
        </div>
        <NavList
          onNavigate={() => {
            navigated.current = true;
            onNavigate();
          }}
        />
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
