import { type ReactNode, useCallback, useState } from "react";
import { useLocation } from "wouter";
import type { AuthUser } from "@/client/lib/auth";
import { AppHeader } from "./app-header";
import { MobileNav, MobileNavDrawer, MobileNavTrigger } from "./mobile-nav";
import { NavList } from "./nav-list";

/** The signed-in layout: header, sidebar (wide screens) or drawer (phones), and the page. */
export function AppShell({ user, children }: { user: AuthUser; children: ReactNode }) {
  const [pathname] = useLocation();
  // The drawer remembers the path it was opened on, so any route change closes it.
  const [drawerOpenedOn, setDrawerOpenedOn] = useState<string | null>(null);
  const drawerOpen = drawerOpenedOn === pathname;
  const setDrawerOpen = useCallback((open: boolean) => setDrawerOpenedOn(open ? pathname : null), [pathname]);

  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-primary px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <div className="print:hidden">
        <MobileNav open={drawerOpen} onOpenChange={setDrawerOpen}>
          <AppHeader user={user} menuButton={<MobileNavTrigger />} />
          <MobileNavDrawer onNavigate={() => setDrawerOpen(false)} />
        </MobileNav>
        <aside className="fixed top-16 bottom-0 left-0 z-30 hidden w-64 flex-col border-border border-r bg-card lg:flex">
          <NavList />
        </aside>
      </div>
      <main id="main" tabIndex={-1} className="pt-16 outline-none lg:pl-64 print:p-0">
        <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8 print:max-w-none print:p-0">
          {children}
        </div>
      </main>
    </div>
  );
}
