import type { LucideIcon } from "lucide-react";
import { SHARED_RECORD_TYPES } from "@/client/lib/record-types";
import type { NavEntry } from "@/domain/record-types/declaration";
import { NAV_ICONS } from "./nav-icons";

export interface NavItem {
  label: string;
  href: string;
  icon: LucideIcon;
  /** A shorter label for the phone's bottom bar. */
  short?: string;
}

/** The exports sit in Settings; the link opens Settings at them. */
export const EXPORTS_HREF = "/settings#exports";

/** The screens that are not a record type's: each record type's screen is in its declaration. */
const OTHER_SCREENS: readonly NavEntry[] = [
  { label: "Dashboard", href: "/", icon: "LayoutDashboard", place: 10 },
  { label: "Care Summary", href: "/care-summary", icon: "FileHeart", place: 60 },
  { label: "Symptom Heatmaps", href: "/symptom-heatmaps", icon: "Grid3x3", place: 150 },
  { label: "FAQ", href: "/faq", icon: "CircleHelp", place: 200 },
  { label: "Family Support", href: "/family-support", icon: "HeartHandshake", place: 210 },
  { label: "Family & Sharing", href: "/family", icon: "UserPlus", short: "Family", place: 220 },
  { label: "Settings", href: "/settings", icon: "Settings", place: 230 },
  { label: "Exports", href: EXPORTS_HREF, icon: "FileDown", place: 240 },
];

/** The record types' screens, from their declarations (src/domain/record-types). */
const RECORD_SCREENS: readonly NavEntry[] = SHARED_RECORD_TYPES.flatMap(({ nav }) =>
  "none" in nav ? [] : [nav],
);

/**
 * One order for the sidebar and the phone's "More" sheet (DESIGN 7; the spec swaps FAQ and Family
 * Support in one), by each entry's place.
 */
export const NAV_ITEMS: readonly NavItem[] = [...OTHER_SCREENS, ...RECORD_SCREENS]
  .sort((a, b) => a.place - b.place)
  .map(({ label, href, icon, short }) => ({
    label,
    href,
    icon: NAV_ICONS[icon],
    ...(short ? { short } : {}),
  }));

/** The screens used most, one tap away in the phone's bottom bar (with "Log now" and "More"). */
export const BOTTOM_BAR_HREFS: readonly string[] = ["/", "/tpn-nutrition", "/tpn-supplies"];

/** Every other screen, in the "More" sheet. */
export const MORE_ITEMS: readonly NavItem[] = NAV_ITEMS.filter(
  (item) => !BOTTOM_BAR_HREFS.includes(item.href),
);

/** The shell's sign-out links read it here with the other places; it is kept in lib for shared components. */
export { SIGN_OUT_HREF } from "@/client/lib/auth";

/**
 * Whether a nav item is the current place: its path, or a path below it. The root is special:
 * the Dashboard is current only on '/' and '/dashboard', not on every path.
 */
export function isNavItemActive(itemHref: string, pathname: string): boolean {
  // A link to a part of a screen (the exports in Settings) is never the current place itself.
  if (itemHref.includes("#")) return false;
  if (itemHref === "/") return pathname === "/" || pathname === "/dashboard";
  return pathname === itemHref || pathname.startsWith(`${itemHref}/`);
}

/**
 * Brings the element a link's `#part` names into view once its screen has rendered it (screens
 * load lazily, so it may take a moment). Gives up after a few seconds.
 */
export function scrollToHashTarget(hash = window.location.hash) {
  const id = decodeURIComponent(hash.replace(/^#/, ""));
  if (!id) return;
  const deadline = Date.now() + 5000;
  const attempt = () => {
    const target = document.getElementById(id);
    if (target) target.scrollIntoView({ block: "start" });
    else if (Date.now() < deadline) window.setTimeout(attempt, 50);
  };
  // After the router has shown the new screen.
  window.setTimeout(attempt, 0);
}
