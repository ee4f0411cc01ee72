import {
  Activity,
  Baby,
  Camera,
  CircleHelp,
  Droplets,
  Dumbbell,
  FlaskConical,
  Grid3x3,
  HeartHandshake,
  LayoutDashboard,
  type LucideIcon,
  Package,
  Pill,
  Settings,
  Stethoscope,
  StickyNote,
  Syringe,
  TriangleAlert,
  Users,
  Utensils,
} from "lucide-react";

export interface NavItem {
  label: string;
  href: string;
  icon: LucideIcon;
}

/** One order for the sidebar and the drawer (DESIGN 7; the spec swaps FAQ and Family Support in one). */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: "Dashboard", href: "/", icon: LayoutDashboard },
  { label: "TPN Nutrition", href: "/tpn-nutrition", icon: Droplets },
  { label: "TPN Supplies", href: "/tpn-supplies", icon: Package },
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
  { label: "Settings", href: "/settings", icon: Settings },
];

/** Sign-out is a full browser navigation, not a client route. */
export const SIGN_OUT_HREF = "/api/logout";

/**
 * Whether a nav item is the current place: its path, or a path below it. The root is special:
 * the Dashboard is current only on '/' and '/dashboard', not on every path.
 */
export function isNavItemActive(itemHref: string, pathname: string): boolean {
  if (itemHref === "/") return pathname === "/" || pathname === "/dashboard";
  return pathname === itemHref || pathname.startsWith(`${itemHref}/`);
}
