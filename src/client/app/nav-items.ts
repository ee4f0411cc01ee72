import {
  Activity,
  Baby,
  Camera,
  CircleHelp,
  Droplets,
  Dumbbell,
  FileDown,
  FileHeart,
  FlaskConical,
  Grid3x3,
  HeartHandshake,
  LayoutDashboard,
  ListChecks,
  type LucideIcon,
  Package,
  Pill,
  Settings,
  Stethoscope,
  StickyNote,
  Syringe,
  Thermometer,
  TriangleAlert,
  UserPlus,
  Users,
  Utensils,
} from "lucide-react";

export interface NavItem {
  label: string;
  href: string;
  icon: LucideIcon;
  /** A shorter label for the phone's bottom bar. */
  short?: string;
}

/** The exports sit in Settings; the link opens Settings at them. */
export const EXPORTS_HREF = "/settings#exports";

/**
 * One order for the sidebar and the phone's "More" sheet (DESIGN 7; the spec swaps FAQ and Family
 * Support in one).
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: "Dashboard", href: "/", icon: LayoutDashboard },
  { label: "Tasks", href: "/tasks", icon: ListChecks },
  { label: "TPN Nutrition", href: "/tpn-nutrition", icon: Droplets, short: "TPN" },
  { label: "Vitals", href: "/vitals", icon: Thermometer },
  { label: "TPN Supplies", href: "/tpn-supplies", icon: Package, short: "Supplies" },
  { label: "Care Summary", href: "/care-summary", icon: FileHeart },
  { label: "PICC Lines", href: "/picc-lines", icon: Syringe },
  { label: "Specialist Visits", href: "/specialist-visits", icon: Stethoscope },
  { label: "Lab Tests", href: "/lab-tests", icon: FlaskConical },
  { label: "Symptoms & Pain", href: "/symptoms-pain", icon: Activity },
  { label: "Medical Allergies", href: "/medical-allergies", icon: TriangleAlert },
  { label: "Care Team", href: "/care-team", icon: Users },
  { label: "Children", href: "/children", icon: Baby },
  { label: "Notes", href: "/notes", icon: StickyNote },
  { label: "Symptom Heatmaps", href: "/symptom-heatmaps", icon: Grid3x3 },
  { label: "Physical Therapy", href: "/physical-therapy", icon: Dumbbell },
  { label: "Medications", href: "/medications", icon: Pill },
  { label: "Food Diary", href: "/food-diary", icon: Utensils },
  { label: "Medical Photos", href: "/medical-photos", icon: Camera },
  { label: "FAQ", href: "/faq", icon: CircleHelp },
  { label: "Family Support", href: "/family-support", icon: HeartHandshake },
  { label: "Family & Sharing", href: "/family", icon: UserPlus, short: "Family" },
  { label: "Settings", href: "/settings", icon: Settings },
  { label: "Exports", href: EXPORTS_HREF, icon: FileDown },
];

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
