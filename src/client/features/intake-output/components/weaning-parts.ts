import { format } from "date-fns";
import { parseDateValue } from "@/client/lib/format";
import type { WeaningRecord } from "@/client/lib/intake-output-api";
import { addDays } from "@/domain/dates";
import { type WeaningBy, weekStart } from "@/domain/weaning";

type Row = WeaningRecord["rows"][number];

/**
 * The routes stacked in the chart, bottom up, with colours of 3:1 or more against the card in
 * either theme: PN amber, tube blue, mouth green.
 */
export const ROUTES = [
  { key: "pn", label: "PN", color: "#d97706" },
  { key: "enteral", label: "Tube feeds", color: "#2563eb" },
  { key: "oral", label: "By mouth", color: "#16a34a" },
] as const;

/** How far back each view reaches, in days ending today. */
export const SPANS: Record<WeaningBy, readonly { label: string; days: number }[]> = {
  week: [
    { label: "3 months", days: 91 },
    { label: "6 months", days: 182 },
    { label: "1 year", days: 364 },
    { label: "2 years", days: 728 },
  ],
  day: [
    { label: "2 weeks", days: 14 },
    { label: "4 weeks", days: 28 },
    { label: "120 days", days: 120 },
  ],
};

const short = (date: string) => format(parseDateValue(date), "MMM d");
export const percent = (value: number) => `${value.toLocaleString("en-US", { maximumFractionDigits: 1 })} %`;

/** "in the week of Nov 9" or "on Mon Nov 9". */
export const rowName = (row: Row, by: WeaningBy) =>
  by === "week"
    ? `in the week of ${short(row.start)}`
    : `on ${format(parseDateValue(row.start), "EEE MMM d")}`;

/** "Nov 9 – 15" (a week) or "Mon Nov 9" (a day), as the table's first column. */
export function rowTitle(row: Row, by: WeaningBy) {
  if (by === "day") return format(parseDateValue(row.start), "EEE MMM d");
  const start = parseDateValue(row.start);
  const end = parseDateValue(row.end);
  return `${format(start, "MMM d")} – ${format(end, start.getMonth() === end.getMonth() ? "d" : "MMM d")}`;
}

export interface WeaningMarker {
  id: string;
  /** The row the change falls in (its week's Monday, or its day). */
  at: string;
  /** "Nov 9: 400 mL, 5 nights": the new bag (the list under the chart says the rest). */
  label: string;
}

/**
 * The rows worth drawing: from the first with anything logged (a range reaching back before the
 * road began would be mostly empty), gaps after it kept.
 */
export function shownRows(weaning: WeaningRecord): Row[] {
  const first = weaning.rows.findIndex((r) => r.loggedDays > 0);
  return first < 0 ? [] : weaning.rows.slice(first);
}

/** A dashed line where each version of the prescription started, within the rows shown: "Aug 11: 800 mL". */
export function prescriptionMarkers(weaning: WeaningRecord, rows: readonly Row[]): WeaningMarker[] {
  const from = rows[0]?.start ?? weaning.to;
  return weaning.prescriptions
    .filter((p) => p.startDate >= weaning.from && p.startDate <= weaning.to)
    .map((p) => ({
      id: p.id,
      at: weaning.by === "week" ? weekStart(p.startDate) : p.startDate,
      label: `${short(p.startDate)}: ${p.bagVolumeMl.toLocaleString("en-US")} mL${
        p.nightsPerWeek && p.nightsPerWeek < 7 ? `, ${p.nightsPerWeek} nights` : ""
      }`,
    }))
    .filter((marker) => marker.at >= from);
}

/**
 * The road in one sentence: "Feeds gave 57.7 % of the energy in the week of Nov 9 (tube 42.9 %,
 * mouth 14.9 %), up from 27.3 % in the week of Sep 7."
 */
export function headline(weaning: WeaningRecord): string | null {
  const withEnergy = weaning.rows.filter((r) => r.share);
  const last = withEnergy.at(-1);
  const first = withEnergy[0];
  if (!last?.share || !first?.share) return null;
  const { share } = last;
  let text = `Feeds gave ${percent(share.feeds)} of the energy ${rowName(last, weaning.by)} (tube ${percent(share.enteral)}, mouth ${percent(share.oral)})`;
  if (first !== last) {
    const change = share.feeds - first.share.feeds;
    const way = change > 0 ? "up from" : change < 0 ? "down from" : "as in";
    text += `, ${way} ${percent(first.share.feeds)} ${rowName(first, weaning.by)}`;
  }
  return `${text}.`;
}

/** "PN on 5 of 6 prescribed nights, 2,500 mL in the week of Nov 9." for the latest row with anything logged. */
export function pnLine(weaning: WeaningRecord): string | null {
  const last = weaning.rows.findLast((r) => r.loggedDays > 0);
  if (!last) return null;
  if (last.pnNights === 0) return `No PN ${rowName(last, weaning.by)}.`;
  const nights =
    weaning.by === "day"
      ? ":"
      : ` on ${nightsOf(last)}${last.prescribedNights === null ? "" : " prescribed"} night${
          (last.prescribedNights ?? last.pnNights) === 1 ? "" : "s"
        },`;
  return `PN${nights} ${last.pnVolumeMl.toLocaleString("en-US")} mL ${rowName(last, weaning.by)}.`;
}

/** A week's PN nights against those prescribed: "5 of 6", or "5" without a prescription. */
export const nightsOf = (row: Row) =>
  row.prescribedNights === null ? String(row.pnNights) : `${row.pnNights} of ${row.prescribedNights}`;

/** What the figures leave out or rest on, in words. */
export function weaningNotes(weaning: WeaningRecord): string[] {
  const notes: string[] = [];
  const logged = weaning.rows.filter((r) => r.loggedDays > 0);
  if (!logged.some((r) => r.pnNights > 0)) {
    notes.push("No PN bag logged in this range: log each night's bag on TPN & Nutrition.");
  } else if (!logged.some((r) => r.energy.enteral + r.energy.oral > 0)) {
    notes.push("No feeds with their kcal per mL logged in this range: all the energy counted is PN.");
  }
  const missing = logged.reduce((a, r) => a + r.feedsWithoutEnergy, 0);
  if (missing > 0) {
    notes.push(`${missing} feed${missing === 1 ? "" : "s"} without kcal per mL: their energy is missing.`);
  }
  notes.push(
    weaning.by === "week"
      ? "Shares are of each week's energy (PN bags' calories as logged; feeds' volume × kcal per mL). Energy and kcal/kg a day are averages over the days logged, on each day's latest weight."
      : "Shares are of each day's energy (PN bags' calories as logged; feeds' volume × kcal per mL), per kilogram of the day's latest weight.",
  );
  return notes;
}

/** The first day of a span ending today. */
export const spanStart = (today: string, days: number) => addDays(today, -(days - 1));
