import { useQueryClient } from "@tanstack/react-query";
import { type ComponentType, lazy, Suspense, useEffect, useState } from "react";
import { Route, Switch } from "wouter";
import { Spinner } from "@/client/components/ui/spinner";
import { NAV_ITEMS } from "./nav-items";
import { NotFoundPage } from "./not-found-page";

/** Every screen's chunk loader, so they can all be fetched ahead of the first visit. */
const preloaders: (() => Promise<void>)[] = [];

/**
 * A lazily loaded screen from a named export, so each screen is its own chunk. Once its chunk is
 * in (preloaded, or visited before), the screen renders at once instead of suspending: no spinner
 * flash and no wait before its data is requested.
 */
function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): ComponentType {
  let loaded: ComponentType | undefined;
  const screen = (module: Record<K, ComponentType>): ComponentType => module[name];
  const loadScreen = () =>
    load().then((module) => {
      loaded = screen(module);
      return loaded;
    });
  preloaders.push(() => loadScreen().then(() => undefined));
  const Lazy = lazy(() => loadScreen().then((Screen) => ({ default: Screen })));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per screen as this module loads, never while rendering.
  return function Page() {
    // Chosen once per visit: switching from the lazy wrapper to the loaded screen would remount it.
    const [Screen] = useState(() => loaded ?? Lazy);
    return <Screen />;
  };
}

/** How long the first screen has the phone to itself before other screens are fetched. */
const PRELOAD_AFTER_MS = 4000;

/**
 * Fetches every screen's chunk once the first screen has been shown for a few seconds, one screen
 * per idle moment: the first screen's own code and data get the network and the processor first,
 * and a tap while screens load waits for at most one small task. Then, the same way, what the
 * screens would first ask for, so they read without a connection (offline-prefetch.ts).
 */
function usePreloadedScreens() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let cancelled = false;
    // Safari has no requestIdleCallback: a short timer stands in for it.
    const whenIdle = (run: () => void) =>
      typeof requestIdleCallback === "function"
        ? requestIdleCallback(run, { timeout: 2000 })
        : setTimeout(run, 50);
    const idle = () =>
      new Promise<void>((resolve, reject) =>
        whenIdle(() => (cancelled ? reject(new Error("left")) : resolve())),
      );
    const next = (index: number) => {
      if (cancelled) return;
      if (index >= preloaders.length) {
        void import("./offline-prefetch")
          .then(({ prefetchForOffline }) => prefetchForOffline(queryClient, idle))
          .catch(() => {});
        return;
      }
      whenIdle(() => {
        if (cancelled) return;
        preloaders[index]!()
          .catch(() => {})
          .then(() => next(index + 1));
      });
    };
    const start = setTimeout(() => next(0), PRELOAD_AFTER_MS);
    return () => {
      cancelled = true;
      clearTimeout(start);
    };
  }, [queryClient]);
}

/** Every screen's module, loaded when first needed: `features/<screen>/<screen>-page.tsx`. */
const SCREEN_MODULES = import.meta.glob<Record<string, ComponentType>>("../features/*/*-page.tsx");

/** A screen's address beyond the sidebar's: the inbox (reached from the bell). */
const OTHER_PATHS = ["/notifications"];

/**
 * Each signed-in screen by its path: the sidebar's (record types' screens from their
 * declarations, src/domain/record-types) and the others. A screen at `/<name>` is the
 * `<Name>Page` of `features/<name>/<name>-page.tsx`; the Dashboard's is at '/'.
 */
export const SCREENS: readonly { path: string; page: ComponentType }[] = [
  ...NAV_ITEMS.map((item) => item.href).filter((href) => !href.includes("#")),
  ...OTHER_PATHS,
].map((path) => {
  const name = path === "/" ? "dashboard" : path.slice(1);
  const load = SCREEN_MODULES[`../features/${name}/${name}-page.tsx`];
  if (!load) throw new Error(`No screen for ${path}: features/${name}/${name}-page.tsx`);
  const exported = `${name.replace(/(^|-)([a-z])/g, (_, _dash, letter: string) => letter.toUpperCase())}Page`;
  return { path, page: lazyPage(load, exported) };
});
const DashboardPage = SCREENS.find((screen) => screen.path === "/")!.page;

/** The signed-in routes of spec section 2; anything else is the 404 page. */
export function AppRoutes() {
  usePreloadedScreens();
  return (
    <Suspense fallback={<Spinner label="Loading page..." className="py-24" />}>
      <Switch>
        <Route path="/dashboard" component={DashboardPage} />
        {SCREENS.map(({ path, page }) => (
          <Route key={path} path={path} component={page} />
        ))}
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
