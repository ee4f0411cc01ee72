import { HeartPulse } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { ChildFilterSelect } from "@/client/components/children/child-filter-select";
import { FamilySwitcher } from "@/client/components/family/family-switcher";
import { type AuthUser, userDisplayName, userInitials } from "@/client/lib/auth";
import { useChildFilter } from "@/client/lib/child-filter";
import { headerChildLine } from "@/client/lib/whose-care";
import { NotificationBell } from "./notification-bell";

/**
 * The top bar: menu button (phones), product name, whose care the screens show (and which family,
 * for a person in several), the family and child switches, the notifications' bell and the
 * signed-in person's initials.
 */
export function AppHeader({ user, menuButton }: { user: AuthUser; menuButton: ReactNode }) {
  const name = userDisplayName(user);
  const childLine = headerChildLine(useChildFilter());
  const secondLine = user.families.length > 1 ? `${user.familyName} · ${childLine}` : childLine;
  return (
    <header className="fixed inset-x-0 top-0 z-40 h-16 border-border border-b bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/85">
      <div className="flex h-full items-center gap-2 px-3 sm:px-4 lg:px-6">
        <div className="lg:hidden">{menuButton}</div>
        <Link href="/" className="flex min-w-0 items-center gap-2.5 rounded-md py-1 pr-2">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
            <HeartPulse aria-hidden="true" className="size-5" />
          </span>
          <span className="min-w-0 leading-tight">
            <span className="block truncate font-bold text-base text-foreground sm:text-lg">
              <span className="hidden min-[420px]:inline">Medical Care Tracker</span>
              <span className="min-[420px]:hidden">Care Tracker</span>
            </span>
            <span className="block truncate text-muted-foreground text-xs">{secondLine}</span>
          </span>
        </Link>
        <div className="ml-auto flex items-center gap-2">
          <FamilySwitcher user={user} />
          <ChildFilterSelect />
          <NotificationBell />
          <span
            role="img"
            aria-label={`Signed in as ${name}`}
            title={name}
            className="flex size-10 shrink-0 select-none items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground text-sm"
          >
            {userInitials(user)}
          </span>
        </div>
      </div>
    </header>
  );
}
