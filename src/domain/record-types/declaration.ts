/**
 * What the server and the client both know of a record type, said once in its file beside this
 * one (the server's part is beside its module: `src/server/modules/<module>/<module>.record.ts`).
 * Kept free of imports: the signed-in app's first download holds every type's shared part.
 */

/** The icons a screen's navigation entry may name (the client draws each: app/nav-icons.ts). */
export const NAV_ICON_NAMES = [
  "Activity",
  "Baby",
  "Camera",
  "CircleHelp",
  "Droplets",
  "Dumbbell",
  "FileDown",
  "FileHeart",
  "FlaskConical",
  "GlassWater",
  "Grid3x3",
  "HeartHandshake",
  "LayoutDashboard",
  "ListChecks",
  "Package",
  "Pill",
  "Settings",
  "Stethoscope",
  "StickyNote",
  "Syringe",
  "TestTubes",
  "Thermometer",
  "TriangleAlert",
  "UserPlus",
  "Users",
  "Utensils",
] as const;
export type NavIconName = (typeof NAV_ICON_NAMES)[number];

/** A screen's entry in the sidebar and the phone's "More" sheet. */
export interface NavEntry {
  label: string;
  href: string;
  icon: NavIconName;
  /** A shorter label for the phone's bottom bar. */
  short?: string;
  /** Its place in the one order of the sidebar (DESIGN 7): lower first. */
  place: number;
}

/** How the activity feed names a change of one record. */
export interface ActivityName {
  /** "care team member": "Grace added care team member Dr. P (GI)". */
  label: string;
  /** The start of the server's summary that would repeat the label ("TPN entry for 2025-01-05"). */
  strip?: RegExp;
}

export interface SharedRecordType {
  /** The audit log's name of the record type: "care_team_member". */
  entity: string;
  /**
   * How the activity feed names its changes, by the audit log's name: its `entity`, and any other
   * name its changes are logged under (a supply's delivery and count).
   */
  activity: Readonly<Record<string, ActivityName>>;
  /** Its screen's navigation entry, or why it has none (it is shown on another type's screen). */
  nav: NavEntry | { none: string };
}

/**
 * A record type's shared part, one per file in this folder (the client finds them as it is built;
 * the server's record-types test checks each names its own entity's activity words).
 */
export function sharedRecordType<const T extends SharedRecordType>(type: T): T {
  return type;
}
