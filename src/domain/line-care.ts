import { instantOf } from "./clock";
import { dayNumber, today as localToday } from "./dates";
import { catheterDays, isClabsiOf } from "./picc";

/**
 * Line care: what a family does for a central line (a PICC or a tunnelled line), the intervals it
 * is done at, and how long since it was last done. Pure functions; the server and the screens
 * read the same ones.
 */

export const LINE_CARE_KINDS = [
  "dressing",
  "connector",
  "tubing",
  "lock",
  "flush",
  "site-check",
  "external-length",
  "occlusion",
  "breakage",
  "dislodgement",
] as const;
export type LineCareKind = (typeof LINE_CARE_KINDS)[number];

export const LINE_CARE_LABELS: Record<LineCareKind, string> = {
  dressing: "Dressing change",
  connector: "Needleless connector change",
  tubing: "Tubing change",
  lock: "Lock",
  flush: "Flush",
  "site-check": "Site check",
  "external-length": "External length measured",
  occlusion: "Occlusion",
  breakage: "Breakage",
  dislodgement: "Dislodgement",
};

export const DRESSING_TYPES = ["transparent", "gauze"] as const;
export type DressingType = (typeof DRESSING_TYPES)[number];
export const DRESSING_TYPE_LABELS: Record<DressingType, string> = {
  transparent: "Transparent",
  gauze: "Gauze",
};

export const SITE_FINDINGS = ["normal", "redness", "discharge", "swelling", "pain"] as const;
export type SiteFinding = (typeof SITE_FINDINGS)[number];
export const SITE_FINDING_LABELS: Record<SiteFinding, string> = {
  normal: "Normal",
  redness: "Redness",
  discharge: "Discharge",
  swelling: "Swelling",
  pain: "Pain",
};

export const LOCK_SOLUTIONS = ["heparin", "ethanol", "taurolidine", "saline", "other"] as const;
export type LockSolution = (typeof LOCK_SOLUTIONS)[number];
export const LOCK_SOLUTION_LABELS: Record<LockSolution, string> = {
  heparin: "Heparin",
  ethanol: "Ethanol",
  taurolidine: "Taurolidine",
  saline: "Saline",
  other: "Other",
};

/** The kinds done on a schedule, whose age against an interval is shown. */
export const SCHEDULED_KINDS = ["dressing", "connector", "tubing", "lock"] as const;
export type ScheduledKind = (typeof SCHEDULED_KINDS)[number];

const HOUR = 60 * 60 * 1000;
const DAY_HOURS = 24;

/**
 * The default intervals, in hours; each centre sets its own, so each is changeable per line.
 *
 * - Transparent (semipermeable) dressing: every 7 days, or at once if damp, loose or soiled;
 *   gauze: every 2 days. CDC Guidelines for the Prevention of Intravascular Catheter-Related
 *   Infections (O'Grady et al., 2011), recommendations on dressing replacement.
 * - Administration set (tubing), by what it carries:
 *   - a lipid emulsion alone: 12 hours. INS Infusion Therapy Standards of Practice (2021): a set
 *     for a lipid emulsion given alone is changed every 12 hours (with each new container); CDC
 *     2011: a lipid emulsion given alone is completed within 12 hours of hanging it, so its set
 *     serves one 12-hour infusion.
 *   - PN with lipids (a 3-in-1 bag, or lipids joining the PN set): 24 hours. CDC 2011 ("within 24
 *     hours of initiating the infusion") and INS 2021 agree.
 *   - PN without lipids: 24 hours, following INS 2021 (a PN set is changed with each new PN
 *     container, at least every 24 hours): a family on home PN hangs a new bag every day and
 *     changes the set with it. CDC 2011 allows up to 96 hours (at least every 7 days) for a set
 *     carrying no lipids, blood or blood products; a team that follows CDC sets 96 on the line.
 * - Needleless connector: with the administration set, and not more often than every 96 hours;
 *   many home-PN teaching sheets change it weekly with the dressing, the default here. INS 2021.
 * - Lock: as prescribed (an ethanol or taurolidine lock is often weekly); no default: the family
 *   sets it on the line when one is prescribed.
 */
export const DEFAULT_INTERVAL_HOURS = {
  dressingTransparent: 7 * DAY_HOURS,
  dressingGauze: 2 * DAY_HOURS,
  tubingLipidsAlone: 12,
  tubingWithLipids: 24,
  tubing: 24,
  connector: 7 * DAY_HOURS,
  lock: null,
} as const;

/** The sources of the default intervals above, as a family can open them. */
export const INTERVAL_SOURCES = [
  {
    name: "CDC Guidelines for the Prevention of Intravascular Catheter-Related Infections (2011)",
    url: "https://www.cdc.gov/infectioncontrol/guidelines/bsi/index.html",
  },
  {
    name: "Infusion Nurses Society, Infusion Therapy Standards of Practice (2021)",
    url: "https://www.ins1.org",
  },
] as const;

/** A line's own intervals (hours), where the family changed them; null: the default. */
export interface LineIntervals {
  dressingTransparentHours: number | null;
  dressingGauzeHours: number | null;
  tubingWithLipidsHours: number | null;
  tubingHours: number | null;
  tubingLipidsAloneHours: number | null;
  connectorHours: number | null;
  lockHours: number | null;
}

/**
 * "Due" (amber) starts this long before the due time: a day, or the second half of an interval
 * shorter than two days. A day's warning on a 24-hour tubing made it amber the moment it was
 * changed; its last 12 hours are amber now (a 12-hour lipid set's last 6).
 */
export const DUE_SOON_HOURS = 24;

/** How many hours before its due time a care of this interval turns "due". */
export function dueSoonHours(intervalHours: number | null): number {
  return intervalHours === null ? DUE_SOON_HOURS : Math.min(DUE_SOON_HOURS, intervalHours / 2);
}

export type CareState = "ok" | "due" | "overdue";

/** A line-care event as the age computation reads it. */
export interface CareEvent {
  kind: LineCareKind;
  date: string;
  time: string | null;
  dressingType?: DressingType | null;
  withLipids?: boolean | null;
  /** A tubing whose set carries a lipid emulsion alone. */
  lipidsAlone?: boolean | null;
}

export interface CareStatus {
  kind: ScheduledKind;
  /** When it was last done (an instant), or null when never logged for this line. */
  lastAt: Date | null;
  /** The interval in hours (by the last event's type for a dressing or tubing), or null when none is set. */
  intervalHours: number | null;
  dueAt: Date | null;
  /** ok: not due soon; due: within `dueSoonHours` of the due time, or never logged; overdue: past due. */
  state: CareState;
}

/** The moment an event happened: its date and time (noon without a time) on the family's clock. */
export function eventInstant(event: Pick<CareEvent, "date" | "time">, timeZone: string): Date {
  return instantOf(event.date, event.time ?? "12:00", timeZone);
}

function intervalFor(kind: ScheduledKind, last: CareEvent | null, line: LineIntervals): number | null {
  switch (kind) {
    case "dressing":
      return last?.dressingType === "gauze"
        ? (line.dressingGauzeHours ?? DEFAULT_INTERVAL_HOURS.dressingGauze)
        : (line.dressingTransparentHours ?? DEFAULT_INTERVAL_HOURS.dressingTransparent);
    case "tubing":
      if (last?.lipidsAlone) return line.tubingLipidsAloneHours ?? DEFAULT_INTERVAL_HOURS.tubingLipidsAlone;
      return last?.withLipids === false
        ? (line.tubingHours ?? DEFAULT_INTERVAL_HOURS.tubing)
        : (line.tubingWithLipidsHours ?? DEFAULT_INTERVAL_HOURS.tubingWithLipids);
    case "connector":
      return line.connectorHours ?? DEFAULT_INTERVAL_HOURS.connector;
    case "lock":
      return line.lockHours ?? DEFAULT_INTERVAL_HOURS.lock;
  }
}

/**
 * Where a due time stands at `now`: past it, within its warning before it (`dueSoonHours` of the
 * interval), or further.
 */
export function careState(dueAt: Date, now: Date, intervalHours: number | null = null): CareState {
  const left = dueAt.getTime() - now.getTime();
  if (left < 0) return "overdue";
  return left <= dueSoonHours(intervalHours) * HOUR ? "due" : "ok";
}

/**
 * For one line: each scheduled kind's last time, interval, due time and state at `now`. A kind
 * never logged is "due" (nothing says when it was last done); a lock without an interval is "ok"
 * with no due time (nothing is prescribed).
 */
export function lineCareStatus(
  events: readonly CareEvent[],
  line: LineIntervals,
  now: Date,
  timeZone: string,
): CareStatus[] {
  return SCHEDULED_KINDS.map((kind) => {
    const last =
      events
        .filter((e) => e.kind === kind)
        .map((e) => ({ event: e, at: eventInstant(e, timeZone) }))
        .sort((a, b) => b.at.getTime() - a.at.getTime())[0] ?? null;
    const intervalHours = intervalFor(kind, last?.event ?? null, line);
    if (!last) {
      return { kind, lastAt: null, intervalHours, dueAt: null, state: intervalHours === null ? "ok" : "due" };
    }
    const dueAt = intervalHours === null ? null : new Date(last.at.getTime() + intervalHours * HOUR);
    return {
      kind,
      lastAt: last.at,
      intervalHours,
      dueAt,
      state: dueAt ? careState(dueAt, now, intervalHours) : "ok",
    };
  });
}

/**
 * The ASPEN Sustain registry's rate of central-line bloodstream infections in children on home
 * PN: 1.17 per 1,000 PN-days (0.87 over all ages). Sustain is the American Society for Parenteral
 * and Enteral Nutrition's national patient registry; "Central venous catheter infections in home
 * parenteral nutrition patients: outcomes from Sustain", Am J Infect Control 2016;44:1462.
 * Shown beside a child's own rate, for comparison only.
 */
export const ASPEN_CLABSI_PER_1000 = 1.17;

/** The complications whose rates are counted per 1,000 catheter-days. */
export const COMPLICATIONS = ["bloodstream", "exitSite", "occlusion", "breakage", "dislodgement"] as const;
export type Complication = (typeof COMPLICATIONS)[number];

export interface RateLine {
  id: string;
  insertionDate: string;
  removalDate: string | null;
}
export interface RateInfection {
  piccLineId: string | null;
  infectionDate: string;
  infectionType: string;
}
export interface RateEvent {
  piccLineId: string;
  kind: LineCareKind;
  date: string;
}

export interface ComplicationRates {
  catheterDays: number;
  counts: Record<Complication, number>;
  /** Per 1,000 catheter-days, one decimal; null without catheter-days. */
  rates: Record<Complication, number | null>;
}

const inPlace = (line: RateLine, date: string, today: string) =>
  dayNumber(line.insertionDate) <= dayNumber(date) &&
  dayNumber(date) <= dayNumber(line.removalDate ?? today) &&
  dayNumber(date) <= dayNumber(today);

const per1000 = (count: number, days: number) => (days > 0 ? Math.round((count / days) * 10_000) / 10 : null);

function ratesOf(counts: Record<Complication, number>, days: number): ComplicationRates {
  return {
    catheterDays: days,
    counts,
    rates: Object.fromEntries(COMPLICATIONS.map((c) => [c, per1000(counts[c], days)])) as Record<
      Complication,
      number | null
    >,
  };
}

/**
 * Catheter-days and complication rates, for a child (all their lines: days with at least one line
 * in) and for each line (its own days, and the events and infections of that line). Bloodstream:
 * infections of type "bloodstream" that are a CLABSI of a line as NHSN counts one (`isClabsiOf`:
 * from line day 3 to the day after removal); exit site (type "exit-site") and the line-care log's
 * occlusions, breakages and dislodgements: on a day a line was in place.
 */
export function complicationRates(
  lines: readonly RateLine[],
  infections: readonly RateInfection[],
  events: readonly RateEvent[],
  today: string = localToday(),
): { child: ComplicationRates; lines: (ComplicationRates & { lineId: string })[] } {
  const count = (
    ofLine: (date: string, lineId: string | null) => boolean,
    clabsiOf: (date: string, lineId: string | null) => boolean,
  ) => {
    const counts = Object.fromEntries(COMPLICATIONS.map((c) => [c, 0])) as Record<Complication, number>;
    for (const infection of infections) {
      const { infectionDate: date, piccLineId: lineId } = infection;
      if (infection.infectionType === "bloodstream" && clabsiOf(date, lineId)) counts.bloodstream += 1;
      if (infection.infectionType === "exit-site" && ofLine(date, lineId)) counts.exitSite += 1;
    }
    for (const event of events) {
      if (!ofLine(event.date, event.piccLineId)) continue;
      if (event.kind === "occlusion") counts.occlusion += 1;
      if (event.kind === "breakage") counts.breakage += 1;
      if (event.kind === "dislodgement") counts.dislodgement += 1;
    }
    return counts;
  };
  const child = ratesOf(
    count(
      (date) => lines.some((line) => inPlace(line, date, today)),
      (date) => lines.some((line) => isClabsiOf(line, date, today)),
    ),
    catheterDays(lines, today),
  );
  return {
    child,
    lines: lines.map((line) => ({
      lineId: line.id,
      ...ratesOf(
        count(
          (date, lineId) => lineId === line.id && inPlace(line, date, today),
          (date, lineId) => lineId === line.id && isClabsiOf(line, date, today),
        ),
        catheterDays([line], today),
      ),
    })),
  };
}

/** A PICC's external length moved by more than this from its length at insertion: flag it. */
export const EXTERNAL_LENGTH_TOLERANCE_CM = 1;

/**
 * Whether a measured external length differs from the length at insertion by more than 1 cm (a
 * PICC that has moved: call the team before using it). Home-PN teaching sheets ask families to
 * measure it at each dressing change and report a change of more than 1 cm.
 */
export function externalLengthMoved(atInsertionCm: number | null, measuredCm: number | null): boolean {
  if (atInsertionCm === null || measuredCm === null) return false;
  return Math.abs(measuredCm - atInsertionCm) > EXTERNAL_LENGTH_TOLERANCE_CM + 1e-9;
}
