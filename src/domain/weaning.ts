import { z } from "zod";
import { addDays, dayNumber } from "./dates";
import { type DayBalanceInput, dayEnergy, feedsWithoutEnergy } from "./intake-output";
import { nightsText } from "./pn-text";
import { dateOnly, type Wire } from "./records";

/*
 * The road off PN (weaning toward enteral autonomy): day by day and week by week, the energy from
 * the PN bags and from feeds (tube and mouth), per kilogram, the feeds' share, and the PN nights
 * and volume. Weaning tracks the feeds taken while PN is cut by nights a week or by volume
 * (https://linkedlifedata.com/resource/pubmed/id/16770168, the project's research notes 1.5): the
 * share of the energy given by feeds (kcal from feeds ÷ kcal from PN and feeds) is the one figure
 * that shows the road, whichever of the two the team cuts.
 */

/** The longest range read week by week (two years) and day by day (120 days). */
export const WEANING_MAX_DAYS = { week: 731, day: 120 } as const;
export const WEANING_BY = ["week", "day"] as const;
export type WeaningBy = (typeof WEANING_BY)[number];

/** The Monday that starts the ISO week of `date` (1970-01-01, day 0, was a Thursday). */
export function weekStart(date: string): string {
  const weekday = (((dayNumber(date) + 3) % 7) + 7) % 7;
  return addDays(date, -weekday);
}

type Dated<T> = T & { date: string };

export interface WeaningInput {
  /** The first and last day, on the family's clock. */
  from: string;
  to: string;
  intake: readonly Dated<DayBalanceInput["intake"][number]>[];
  pn: readonly Dated<DayBalanceInput["pn"][number]>[];
  /** The child's weights, any order: each day reads the latest on or before it. */
  weights: readonly { date: string; kg: number }[];
  /** The prescription's versions (any order): a week's prescribed nights are those in force on its last day. */
  prescriptions?: readonly { startDate: string; endDate: string | null; nightsPerWeek: number | null }[];
}

const tenth = (value: number) => Math.round(value * 10) / 10;

/** One day or one week on the road off PN. */
export interface WeaningRow {
  /** The first and last day (a week: Monday to Sunday; a day: the same day). */
  start: string;
  end: string;
  /** Days with a PN bag or a feed logged: the averages per day are over these. */
  loggedDays: number;
  /** kcal over the row's days, by route. */
  energy: { pn: number; enteral: number; oral: number; total: number };
  /** Average kcal a logged day, and per kilogram of each day's weight (days with a weight). */
  kcalPerDay: number | null;
  kcalPerKgDay: number | null;
  /**
   * The share of the energy by route, in percent to a tenth (PN, tube, mouth), and the feeds'
   * (tube and mouth together); none without energy.
   */
  share: { pn: number; enteral: number; oral: number; feeds: number } | null;
  /** Nights with a PN bag (days with a TPN entry), and the bags' volume in mL. */
  pnNights: number;
  /**
   * A week's nights as prescribed: the version in force on its last day in the range (a version
   * that does not say: every night, 7); none without a version, and none for a day.
   */
  prescribedNights: number | null;
  pnVolumeMl: number;
  feedsWithoutEnergy: number;
}

/** Shares of a total in percent, to a tenth: 300 of 700 kcal is 42.9 %. */
function shares(energy: WeaningRow["energy"]): WeaningRow["share"] {
  if (energy.total <= 0) return null;
  const percent = (part: number) => tenth((part / energy.total) * 100);
  return {
    pn: percent(energy.pn),
    enteral: percent(energy.enteral),
    oral: percent(energy.oral),
    feeds: percent(energy.enteral + energy.oral),
  };
}

interface Day {
  date: string;
  logged: boolean;
  energy: WeaningRow["energy"];
  kcalPerKg: number | null;
  pnNight: boolean;
  pnVolumeMl: number;
  feedsWithoutEnergy: number;
}

/** Each day from `from` to `to`, its energy by route (`dayEnergy`, as the day's balance adds it). */
export function weaningDays(input: WeaningInput): Day[] {
  const byDate = <T extends { date: string }>(rows: readonly T[]) => {
    const map = new Map<string, T[]>();
    for (const row of rows) map.set(row.date, [...(map.get(row.date) ?? []), row]);
    return map;
  };
  const intakeOn = byDate(input.intake);
  const pnOn = byDate(input.pn);
  const weights = [...input.weights].filter((w) => w.kg > 0).sort((a, b) => a.date.localeCompare(b.date));
  const days: Day[] = [];
  for (let date = input.from; date <= input.to; date = addDays(date, 1)) {
    const intake = intakeOn.get(date) ?? [];
    const pn = pnOn.get(date) ?? [];
    const energy = dayEnergy({ intake, pn });
    const kg = weights.findLast((w) => w.date <= date)?.kg ?? null;
    const logged = pn.length > 0 || intake.length > 0;
    days.push({
      date,
      logged,
      energy,
      kcalPerKg: logged && kg ? tenth(energy.total / kg) : null,
      pnNight: pn.length > 0,
      pnVolumeMl: tenth(pn.reduce((a, bag) => a + (bag.volume ?? 0), 0)),
      feedsWithoutEnergy: feedsWithoutEnergy(intake),
    });
  }
  return days;
}

/** Days added up into one row: totals, averages over the logged days, shares of the total. */
function rowOf(
  start: string,
  end: string,
  days: readonly Day[],
  prescribedNights: number | null = null,
): WeaningRow {
  const logged = days.filter((d) => d.logged);
  const add = (pick: (d: Day) => number) => days.reduce((a, d) => a + pick(d), 0);
  const energy = {
    pn: add((d) => d.energy.pn),
    enteral: add((d) => d.energy.enteral),
    oral: add((d) => d.energy.oral),
    total: add((d) => d.energy.total),
  };
  const perKg = logged.flatMap((d) => (d.kcalPerKg === null ? [] : [d.kcalPerKg]));
  return {
    start,
    end,
    loggedDays: logged.length,
    energy,
    kcalPerDay: logged.length ? Math.round(energy.total / logged.length) : null,
    kcalPerKgDay: perKg.length ? tenth(perKg.reduce((a, b) => a + b, 0) / perKg.length) : null,
    share: shares(energy),
    pnNights: days.filter((d) => d.pnNight).length,
    prescribedNights,
    pnVolumeMl: tenth(add((d) => d.pnVolumeMl)),
    feedsWithoutEnergy: add((d) => d.feedsWithoutEnergy),
  };
}

/**
 * The road off PN from `from` to `to`, one row a day or one a week (Monday to Sunday on the
 * family's clock; the range's first and last weeks may hold fewer of its days), oldest first.
 */
export function weaningRows(input: WeaningInput, by: WeaningBy): WeaningRow[] {
  const days = weaningDays(input);
  if (by === "day") return days.map((d) => rowOf(d.date, d.date, [d]));
  const weeks = new Map<string, Day[]>();
  for (const day of days) {
    const start = weekStart(day.date);
    weeks.set(start, [...(weeks.get(start) ?? []), day]);
  }
  const nightsOn = (day: string) => {
    const version = input.prescriptions?.find((v) => v.startDate <= day && (!v.endDate || v.endDate >= day));
    return version ? (version.nightsPerWeek ?? 7) : null;
  };
  return [...weeks].map(([start, ofWeek]) =>
    rowOf(start, addDays(start, 6), ofWeek, nightsOn(ofWeek.at(-1)?.date ?? start)),
  );
}

const energyRecord = z.object({ pn: z.number(), enteral: z.number(), oral: z.number(), total: z.number() });

export const weaningRowRecord = z.object({
  start: dateOnly,
  end: dateOnly,
  loggedDays: z.number().int(),
  energy: energyRecord,
  kcalPerDay: z.number().nullable(),
  kcalPerKgDay: z.number().nullable(),
  share: z.object({ pn: z.number(), enteral: z.number(), oral: z.number(), feeds: z.number() }).nullable(),
  pnNights: z.number().int(),
  prescribedNights: z.number().int().nullable(),
  pnVolumeMl: z.number(),
  feedsWithoutEnergy: z.number().int(),
});

/** A version of the PN prescription the range saw: where it started, and what it was in short. */
export const weaningPrescriptionRecord = z.object({
  id: z.uuid(),
  startDate: dateOnly,
  endDate: dateOnly.nullable(),
  bagVolumeMl: z.number(),
  infusionHours: z.number(),
  /** Nights a week; null: not said (every night). */
  nightsPerWeek: z.number().int().nullable(),
  bagKcal: z.number().nullable(),
  /** "900 mL over 12 h, 5 nights a week, 720 kcal a bag". */
  text: z.string(),
});

/** `GET /api/intake-output/weaning?childId=&from=&to=&by=`: the road off PN. */
export const weaningRecord = z.object({
  childId: z.uuid(),
  from: dateOnly,
  to: dateOnly,
  by: z.enum(WEANING_BY),
  rows: z.array(weaningRowRecord),
  /** The versions in force in the range, oldest first (the first may have started before it). */
  prescriptions: z.array(weaningPrescriptionRecord),
});
export type WeaningRecord = Wire<typeof weaningRecord>;

/** "900 mL over 12 h, 5 nights a week, 720 kcal a bag": a version in short, beside the chart. */
export function prescriptionShort(p: {
  bagVolumeMl: number;
  infusionHours: number;
  nightsPerWeek: number | null;
  bagKcal: number | null;
}) {
  const number = (value: number) => value.toLocaleString("en-US", { maximumFractionDigits: 2 });
  return [
    `${number(p.bagVolumeMl)} mL over ${number(p.infusionHours)} h`,
    p.nightsPerWeek ? nightsText(p.nightsPerWeek) : null,
    p.bagKcal === null ? null : `${number(p.bagKcal)} kcal a bag`,
  ]
    .filter(Boolean)
    .join(", ");
}
