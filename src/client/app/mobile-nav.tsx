import { CirclePlus, LogOut, Menu } from "lucide-react";
import { useCallback, useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import { Sheet } from "@/client/components/ui/sheet";
import {
  type QuickLogDialog,
  QuickLogDialogs,
  QuickLogTiles,
} from "@/client/features/dashboard/quick-log/quick-log-bar";
import { onSignOutClick } from "@/client/lib/auth";
import { useCan } from "@/client/lib/permissions";
import { cn } from "@/client/lib/utils";
import {
  BOTTOM_BAR_HREFS,
  isNavItemActive,
  MORE_ITEMS,
  NAV_ITEMS,
  type NavItem,
  SIGN_OUT_HREF,
  scrollToHashTarget,
} from "./nav-items";

type SheetName = "more" | "log";

const barItem =
  "flex h-full w-full cursor-pointer flex-col items-center justify-center gap-0.5 px-1 font-medium text-xs transition-colors focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring/40 focus-visible:ring-inset [&_svg]:size-6 [&_svg]:shrink-0";

const moreTile =
  "flex min-h-[4.5rem] h-full flex-col items-center justify-center gap-1 rounded-xl px-1 py-2 text-center font-medium text-xs leading-tight transition-colors hover:bg-muted [&_svg]:size-6 [&_svg]:shrink-0";

const barLinks: readonly NavItem[] = BOTTOM_BAR_HREFS.map(
  (href) => NAV_ITEMS.find((item) => item.href === href) as NavItem,
);

function BarLink({ item, pathname }: { item: NavItem; pathname: string }) {
  const active = isNavItemActive(item.href, pathname);
  const Icon = item.icon;
  return (
    <li>
      <Link
        href={item.href}
        aria-current={active ? "page" : undefined}
        className={cn(barItem, active ? "text-primary" : "text-slate-600 hover:text-foreground")}
      >
        <Icon aria-hidden="true" />
        {item.short ?? item.label}
      </Link>
    </li>
  );
}

/**
 * The phone and tablet navigation: a bar at the bottom of the screen with the screens used most,
 * "Log now" (the quick forms, from any screen, for a role that may write) and "More", a sheet with
 * every other screen, so each screen is at most two taps away. Wide screens show the sidebar instead.
 */
export function BottomBar() {
  const [pathname] = useLocation();
  // A sheet remembers the path it was opened on, so any route change closes it.
  const [sheet, setSheet] = useState<{ name: SheetName; on: string } | null>(null);
  const openSheet = sheet?.on === pathname ? sheet.name : null;
  const [dialog, setDialog] = useState<QuickLogDialog | null>(null);
  // After following a link, focus goes to the new page rather than back to the bar.
  const navigated = useRef(false);
  const setOpen = useCallback(
    (name: SheetName) => (open: boolean) => {
      if (open) navigated.current = false;
      setSheet(open ? { name, on: pathname } : null);
    },
    [pathname],
  );
  const followed = (href: string) => () => {
    navigated.current = true;
    setSheet(null);
    if (href.includes("#")) scrollToHashTarget(href.slice(href.indexOf("#")));
  };
  const focusPage = (event: Event) => {
    if (!navigated.current) return;
    event.preventDefault();
    document.getElementById("main")?.focus();
  };
  const [dashboard, tpn, supplies] = barLinks;
  // Logging writes: a role that only reads has no "Log now".
  const canLog = useCan("write");

  return (
    <>
      <nav
        aria-label="Main navigation"
        className="fixed inset-x-0 bottom-0 z-40 border-border border-t bg-card pb-[env(safe-area-inset-bottom)] lg:hidden print:hidden"
      >
        <ul className={cn("mx-auto grid h-16 max-w-xl", canLog ? "grid-cols-5" : "grid-cols-4")}>
          {dashboard ? <BarLink item={dashboard} pathname={pathname} /> : null}
          {tpn ? <BarLink item={tpn} pathname={pathname} /> : null}
          {canLog ? (
            <li>
              <button
                type="button"
                aria-haspopup="dialog"
                aria-expanded={openSheet === "log"}
                onClick={() => setOpen("log")(true)}
                className={cn(barItem, "text-primary")}
              >
                <CirclePlus aria-hidden="true" className="size-7!" />
                Log now
              </button>
            </li>
          ) : null}
          {supplies ? <BarLink item={supplies} pathname={pathname} /> : null}
          <li>
            <button
              type="button"
              aria-haspopup="dialog"
              aria-expanded={openSheet === "more"}
              onClick={() => setOpen("more")(true)}
              className={cn(
                barItem,
                MORE_ITEMS.some((item) => isNavItemActive(item.href, pathname))
                  ? "text-primary"
                  : "text-slate-600 hover:text-foreground",
              )}
            >
              <Menu aria-hidden="true" />
              More
            </button>
          </li>
        </ul>
      </nav>

      <Sheet
        open={canLog && openSheet === "log"}
        onOpenChange={setOpen("log")}
        title="Log now"
        onCloseAutoFocus={focusPage}
      >
        <QuickLogTiles
          dressing
          onNavigate={followed("")}
          onOpen={(next) => {
            setSheet(null);
            setDialog(next);
          }}
        />
      </Sheet>
      <QuickLogDialogs open={dialog} onClose={() => setDialog(null)} />

      <Sheet
        open={openSheet === "more"}
        onOpenChange={setOpen("more")}
        title="More"
        onCloseAutoFocus={focusPage}
      >
        <nav aria-label="All screens">
          <ul className="grid grid-cols-3 gap-1 min-[360px]:grid-cols-4">
            {MORE_ITEMS.map(({ label, href, icon: Icon }) => {
              const active = isNavItemActive(href, pathname);
              return (
                <li key={href}>
                  <Link
                    href={href}
                    onClick={followed(href)}
                    aria-current={active ? "page" : undefined}
                    className={cn(moreTile, active ? "bg-accent text-accent-foreground" : "text-slate-700")}
                  >
                    <Icon aria-hidden="true" className={active ? "text-primary" : "text-slate-500"} />
                    {label}
                  </Link>
                </li>
              );
            })}
            <li>
              <a
                href={SIGN_OUT_HREF}
                // Asks first while entries wait to be sent, and forgets what this device keeps.
                onClick={onSignOutClick}
                className={cn(moreTile, "text-slate-700 hover:bg-red-50 hover:text-red-700")}
              >
                <LogOut aria-hidden="true" className="text-slate-500" />
                Sign Out
              </a>
            </li>
          </ul>
        </nav>
      </Sheet>
    </>
  );
}
