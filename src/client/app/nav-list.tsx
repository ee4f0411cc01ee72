import { LogOut } from "lucide-react";
import { Link, useLocation } from "wouter";
import { onSignOutClick } from "@/client/lib/auth";
import { cn } from "@/client/lib/utils";
import { isNavItemActive, NAV_ITEMS, SIGN_OUT_HREF, scrollToHashTarget } from "./nav-items";

/** 44 px rows for fingers; 32 px on wide screens driven by a mouse, so every item fits a laptop 900 px tall. */
const itemClassName =
  "flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 font-medium text-sm transition-colors lg:pointer-fine:min-h-8 lg:pointer-fine:py-1 [&_svg]:size-5 [&_svg]:shrink-0";

/**
 * The wide-screen sidebar's navigation. The links scroll when the screen is short; Sign Out stays
 * visible at the bottom.
 */
export function NavList() {
  const [pathname] = useLocation();
  return (
    <nav aria-label="Main navigation" className="flex min-h-0 flex-1 flex-col">
      <ul className="flex min-h-0 flex-1 flex-col gap-0.5 overflow-y-auto lg:pointer-fine:gap-0 overscroll-contain p-3">
        {NAV_ITEMS.map(({ label, href, icon: Icon }) => {
          const active = isNavItemActive(href, pathname);
          return (
            <li key={href}>
              <Link
                href={href}
                onClick={
                  href.includes("#") ? () => scrollToHashTarget(href.slice(href.indexOf("#"))) : undefined
                }
                aria-current={active ? "page" : undefined}
                className={cn(
                  itemClassName,
                  active
                    ? "bg-accent text-accent-foreground"
                    : "text-slate-700 hover:bg-muted hover:text-foreground",
                )}
              >
                <Icon aria-hidden="true" className={active ? "text-primary" : "text-slate-500"} />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
      <ul className="shrink-0 border-border border-t p-3">
        <li>
          <a
            href={SIGN_OUT_HREF}
            // Asks first while entries wait to be sent, and forgets what this device keeps.
            onClick={onSignOutClick}
            className={cn(itemClassName, "text-slate-700 hover:bg-red-50 hover:text-red-700")}
          >
            <LogOut aria-hidden="true" className="text-slate-500" />
            Sign Out
          </a>
        </li>
      </ul>
    </nav>
  );
}
