import { z } from "zod";
import { DRAW_SITE_LABELS, FASTING_LABELS, type LabFlag, PN_TIMING_LABELS } from "./lab-results";

/*
 * Two parts of the care summary beside the emergency ones: today's fluid balance (what went in and
 * came out so far, the energy from PN and from feeds, the team's limits crossed yesterday) and the
 * latest abnormal lab results. The screen, the clinic link's page and the printed reports say them
 * in the same words, made here.
 */

/**
 * How far back the summary looks for abnormal results: 12 months, the longest interval of the
 * home PN schedules (trace elements and fat-soluble vitamins every 6 to 12 months in children at
 * home, vitamins and TSH yearly in stable adults on HPN: research/hpn-and-peers.md §1.6); the
 * blood count, electrolytes and liver tests come every one to three months, so their latest
 * values are well inside it.
 */
export const SUMMARY_LAB_MONTHS = 12;
/** Lines of abnormal results at most: the summary stays one page; the full list is under Lab Results. */
export const SUMMARY_LAB_LINES = 8;

/** The day `months` months before `date` (the month's last day when it has fewer days). */
export function monthsBefore(date: string, months: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 - months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last)))
    .toISOString()
    .slice(0, 10);
}

export const summaryFluidBalance = z.object({
  /** Today on the family's clock. */
  date: z.string(),
  /** The hours of today gone by (the urine rate is spread over them). */
  hours: z.number(),
  /** Whether anything was logged today: an intake, an output or a PN bag. */
  logged: z.boolean(),
  /** The weight the figures per kilogram use: the latest on or before today. */
  weight: z.object({ kg: z.number(), date: z.string() }).nullable(),
  intakeMl: z.number(),
  outputMl: z.number(),
  netMl: z.number(),
  intakeMlPerKg: z.number().nullable(),
  outputMlPerKg: z.number().nullable(),
  /** Urine in mL/kg/h over today's hours so far; null when no urine was measured or without a weight. */
  urineMlPerKgHour: z.number().nullable(),
  energy: z.object({ pn: z.number(), feeds: z.number(), total: z.number() }),
  /** The share of today's energy from feeds (tube and mouth), in whole percent; null without energy. */
  enteralSharePercent: z.number().nullable(),
  /** Outputs logged without an amount (counted, not guessed). */
  notMeasured: z.number().int(),
  /** Feeds without their kcal per mL (their energy is missing). */
  feedsWithoutEnergy: z.number().int(),
  /** The team's limits yesterday's whole day crossed, in words. */
  yesterday: z.object({ date: z.string(), crossed: z.array(z.string()) }),
});
export type SummaryFluidBalance = z.infer<typeof summaryFluidBalance>;

export const summaryAbnormalLabs = z.object({
  months: z.number().int(),
  results: z.array(
    z.object({
      date: z.string(),
      time: z.string().nullable(),
      analyte: z.string(),
      value: z.number(),
      unit: z.string(),
      /** The lab's range in words ("3.5–5 mmol/L"); null without one. */
      range: z.string().nullable(),
      flag: z.enum(["low", "high", "critical"]),
      /** The draw's context in words ("From the central line, During PN"); null without it. */
      context: z.string().nullable(),
    }),
  ),
});
export type SummaryAbnormalLabs = z.infer<typeof summaryAbnormalLabs>;

/** A draw's context in words: "From the central line, During PN, Fasting"; null without any. */
export function drawContextText(row: {
  drawSite: keyof typeof DRAW_SITE_LABELS | null;
  pnTiming: keyof typeof PN_TIMING_LABELS | null;
  fasting: keyof typeof FASTING_LABELS | null;
}): string | null {
  const parts = [
    row.drawSite && DRAW_SITE_LABELS[row.drawSite],
    row.pnTiming && PN_TIMING_LABELS[row.pnTiming],
    row.fasting && FASTING_LABELS[row.fasting],
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(", ") : null;
}

const FLAG_WORDS: Record<Exclude<LabFlag, "normal">, string> = {
  low: "Low",
  high: "High",
  critical: "Critical",
};

/** A number as a person reads it: thousands grouped, at most one decimal ("1,060", "10.1"). */
const figure = (value: number) => value.toLocaleString("en-US", { maximumFractionDigits: 1 });
const signed = (ml: number) => (ml > 0 ? `+${figure(ml)}` : figure(ml));
const perKg = (value: number | null, unit: string) => (value === null ? "" : ` (${figure(value)} ${unit})`);

/** A line of the summary: a bold lead, then its text. */
export interface SummaryLine {
  lead: string;
  text: string;
}

/**
 * Today's balance in lines: in and out with their share per kilogram, the urine rate when urine
 * was measured, the energy from PN and feeds with the feeds' share, what is missing from the
 * figures, and the limits crossed yesterday; "Nothing logged today" (and yesterday's limits) on a
 * day without entries.
 */
export function fluidBalanceLines(b: SummaryFluidBalance): SummaryLine[] {
  const lines: SummaryLine[] = [];
  if (!b.logged) lines.push({ lead: "", text: NOTHING_LOGGED_TODAY });
  if (b.logged) {
    lines.push({
      lead: "In and out: ",
      text:
        `in ${figure(b.intakeMl)} mL${perKg(b.intakeMlPerKg, "mL/kg")}, out ${figure(b.outputMl)} mL` +
        `${perKg(b.outputMlPerKg, "mL/kg")}, net ${signed(b.netMl)} mL`,
    });
    if (b.urineMlPerKgHour !== null) {
      lines.push({
        lead: "Urine: ",
        text: `${b.urineMlPerKgHour} mL/kg/h over the ${figure(b.hours)} h so far`,
      });
    }
    lines.push({
      lead: "Energy: ",
      text:
        b.energy.total > 0
          ? `${figure(b.energy.total)} kcal: PN ${figure(b.energy.pn)} kcal, feeds ${figure(b.energy.feeds)} kcal` +
            (b.enteralSharePercent === null ? "" : ` (${b.enteralSharePercent} % from feeds)`)
          : "none recorded",
    });
    const missing = [
      b.notMeasured > 0 && `${b.notMeasured} ${b.notMeasured === 1 ? "output" : "outputs"} not measured`,
      b.feedsWithoutEnergy > 0 &&
        `${b.feedsWithoutEnergy} ${b.feedsWithoutEnergy === 1 ? "feed" : "feeds"} without kcal per mL (energy short)`,
      !b.weight && "no weight recorded (nothing per kg)",
    ].filter(Boolean);
    if (missing.length > 0) lines.push({ lead: "Not counted: ", text: missing.join("; ") });
  }
  if (b.yesterday.crossed.length > 0) {
    lines.push({ lead: "Limits crossed yesterday: ", text: b.yesterday.crossed.join("; ") });
  }
  return lines;
}

/** Said when nothing was logged today. */
export const NOTHING_LOGGED_TODAY = "Nothing logged today";

/** What the block says without abnormal results: "No abnormal results in the last 12 months". */
export const noAbnormalResults = (months: number) => `No abnormal results in the last ${months} months`;

/**
 * An abnormal result after its date: "Potassium 2.4 mmol/L (ref 3.5–5 mmol/L), Critical · From
 * the central line, During PN".
 */
export function abnormalResultText(r: SummaryAbnormalLabs["results"][number]): string {
  return [
    `${r.analyte} ${r.value} ${r.unit}${r.range ? ` (ref ${r.range})` : ""}, ${FLAG_WORDS[r.flag]}`,
    r.context,
  ]
    .filter(Boolean)
    .join(" · ");
}
