import { lazy, type ReactNode, Suspense, useEffect } from "react";
import type { AuthUser } from "@/client/lib/auth";
import { useWideScreen } from "@/client/lib/use-wide-screen";
import { AppHeader } from "./app-header";
import { BottomBar } from "./mobile-nav";
import { scrollToHashTarget } from "./nav-items";
import { NavList } from "./nav-list";

// Says how old the data shown is when it may be old; loaded after the first screen.
const DataAgeStatus = lazy(() => import("./data-age-status").then((m) => ({ default: m.DataAgeStatus })));

/** The signed-in layout: header, sidebar (wide screens) or bottom bar (phones, tablets), and the page. */
export function AppShell({ user, children }: { user: AuthUser; children: ReactNode }) {
  // A link to a part of a screen (Settings' exports) opened from outside the app.
  useEffect(() => scrollToHashTarget(), []);
  const wide = useWideScreen();

  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <div className="print:hidden">
        <AppHeader user={user} menuButton={null} />
        {wide ? (
          <aside className="fixed top-16 bottom-0 left-0 z-30 hidden w-64 flex-col border-border border-r bg-card lg:flex">
            <NavList />
          </aside>
        ) : (
          <BottomBar />
        )}
      </div>
      <main id="main" tabIndex={-1} className="pt-16 pb-(--bottom-clear) outline-none lg:pl-64 print:p-0">
        <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8 print:max-w-none print:p-0">
          <Suspense fallback={null}>
            <DataAgeStatus />
          </Suspense>
          {children}
        </div>
      </main>
    </div>
  );
}
