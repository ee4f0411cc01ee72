import { z } from "zod";
import { instantOf } from "./clock";
import { addDays } from "./dates";
import {
  acrossFields,
  type FieldIssue,
  oneOf,
  optionalMeasure,
  optionalText,
  optionalTime,
  pastDate,
  requiredId,
} from "./fields";
import { dateOnly, nullableText, recordBase, type Wire } from "./records";

/*
 * Fluid in and out: what went into a child besides the PN bag (tube feeds, by mouth, IV fluids)
 * and what came out (urine, stool, ostomy, vomit, a drain), each with its date and time on the
 * family's clock. A day's balance adds the PN the family logged that night (TPN entries).
 */

/** Where an intake went in. The PN bag is not one: it is logged as tonight's bag. */
export const INTAKE_SOURCES = ["enteral", "oral", "iv"] as const;
export type IntakeSource = (typeof INTAKE_SOURCES)[number];
export const INTAKE_SOURCE_LABELS: Record<IntakeSource, string> = {
  enteral: "Tube feed",
  oral: "By mouth",
  iv: "IV fluids (not PN)",
};

/** The tube a feed runs through (a tube feed only). */
export const FEED_ROUTES = ["ng", "nj", "g-tube", "gj-tube", "j-tube"] as const;
export type FeedRoute = (typeof FEED_ROUTES)[number];
export const FEED_ROUTE_LABELS: Record<FeedRoute, string> = {
  ng: "NG tube",
  nj: "NJ tube",
  "g-tube": "G-tube",
  "gj-tube": "GJ-tube",
  "j-tube": "J-tube",
};

/** A volume given at once, or a pump running at a rate for some hours. */
export const INTAKE_MODES = ["bolus", "continuous"] as const;
export type IntakeMode = (typeof INTAKE_MODES)[number];
export const INTAKE_MODE_LABELS: Record<IntakeMode, string> = {
  bolus: "Bolus (a volume)",
  continuous: "Continuous (rate × hours)",
};

/**
 * What a feed gives per millilitre, picked on the form to fill in its kcal/mL (which the family
 * can change on each entry: a formula mixed stronger than standard, a product not listed). Each
 * value is the product's standard dilution as its maker states it:
 * - breast milk: 0.67 kcal/mL (about 20 kcal/oz; mature human milk averages 65-70 kcal/dL,
 *   American Academy of Pediatrics, Pediatric Nutrition, 8th ed., 2019, ch. 3);
 * - standard infant formula: 0.67 kcal/mL (Codex Alimentarius, Standard for Infant Formula,
 *   CXS 72-1981: 60-70 kcal/100 mL when ready for use; 20 kcal/fl oz on US labels);
 * - PediaSure 1.0 and PediaSure Peptide 1.0: 1.0 kcal/mL; PediaSure Peptide 1.5: 1.5 kcal/mL
 *   (Abbott Nutrition, product information);
 * - Peptamen Junior: 1.0 kcal/mL; Peptamen Junior 1.5: 1.5 kcal/mL; Compleat Pediatric:
 *   1.0 kcal/mL (Nestlé Health Science, product information);
 * - Neocate Junior: 1.0 kcal/mL (Nutricia, standard dilution); EleCare Jr: 1.0 kcal/mL
 *   (Abbott Nutrition, 30 kcal/fl oz at standard dilution);
 * - water and oral rehydration solution: none counted (ORS carries about 0.05 kcal/mL of glucose,
 *   WHO low-osmolarity ORS: 13.5 g/L of glucose, left out as negligible).
 */
export const FEED_PRODUCTS = [
  { name: "Breast milk", kcalPerMl: 0.67 },
  { name: "Standard infant formula", kcalPerMl: 0.67 },
  { name: "PediaSure 1.0", kcalPerMl: 1.0 },
  { name: "PediaSure Peptide 1.0", kcalPerMl: 1.0 },
  { name: "PediaSure Peptide 1.5", kcalPerMl: 1.5 },
  { name: "Peptamen Junior", kcalPerMl: 1.0 },
  { name: "Peptamen Junior 1.5", kcalPerMl: 1.5 },
  { name: "Compleat Pediatric", kcalPerMl: 1.0 },
  { name: "Neocate Junior", kcalPerMl: 1.0 },
  { name: "EleCare Jr", kcalPerMl: 1.0 },
  { name: "Water", kcalPerMl: 0 },
  { name: "Oral rehydration solution", kcalPerMl: 0 },
] as const;

/** What came out. */
export const OUTPUT_KINDS = ["urine", "stool", "ostomy", "vomit", "drain"] as const;
export type OutputKind = (typeof OUTPUT_KINDS)[number];
export const OUTPUT_KIND_LABELS: Record<OutputKind, string> = {
  urine: "Urine",
  stool: "Stool",
  ostomy: "Ostomy output",
  vomit: "Vomit",
  drain: "Drain",
};

/** How an output was measured: poured into a measure, weighed (a diaper, a bag), or not at all. */
export const OUTPUT_MEASURES = ["volume", "weight", "not-measured"] as const;
export type OutputMeasure = (typeof OUTPUT_MEASURES)[number];
export const OUTPUT_MEASURE_LABELS: Record<OutputMeasure, string> = {
  volume: "Measured (mL)",
  weight: "Weighed (g)",
  "not-measured": "Not measured",
};

/** The most a single entry can hold: 5 litres, past which a number is a typing slip. */
export const MAX_FLUID_ML = 5000;

const reasonable = (label: string, unit: string, max: number, decimals = 1) =>
  optionalMeasure(label, unit, max, decimals);

const intakeFields = z.object({
  childId: requiredId("Child", "Child is required"),
  date: pastDate("Date"),
  time: optionalTime(),
  source: oneOf("Given", INTAKE_SOURCES),
  route: z
    .union([z.literal(""), z.null(), oneOf("Tube", FEED_ROUTES)])
    .optional()
    .transform((v) => (v ? v : null)),
  product: optionalText(200),
  mode: oneOf("How", INTAKE_MODES),
  volumeMl: reasonable("Volume", "mL", MAX_FLUID_ML),
  rateMlPerHour: reasonable("Rate", "mL/h", 500),
  hours: reasonable("Hours", "hours", 24, 2),
  kcalPerMl: reasonable("kcal per mL", "kcal/mL", 3, 2),
  notes: optionalText(1000),
});

/**
 * The rules across an intake's fields: a tube feed names its tube; a bolus has a volume; a
 * continuous feed a rate and hours (its volume is rate × hours, worked out by `intakeVolume`).
 */
export function intakeIssues(intake: {
  source: IntakeSource;
  route: FeedRoute | null;
  mode: IntakeMode;
  volumeMl: number | null;
  rateMlPerHour: number | null;
  hours: number | null;
}): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (intake.source === "enteral" && !intake.route)
    issues.push({ path: "route", message: "Tube is required" });
  if (intake.source !== "enteral" && intake.route) {
    issues.push({ path: "route", message: "Only a tube feed has a tube" });
  }
  if (intake.mode === "bolus" && intake.volumeMl === null) {
    issues.push({ path: "volumeMl", message: "Volume is required" });
  }
  if (intake.mode === "continuous") {
    if (intake.rateMlPerHour === null) issues.push({ path: "rateMlPerHour", message: "Rate is required" });
    if (intake.hours === null) issues.push({ path: "hours", message: "Hours is required" });
    else if (intake.hours === 0) issues.push({ path: "hours", message: "Hours must be more than 0" });
    const volume = intakeVolume(intake);
    if (volume !== null && volume > MAX_FLUID_ML) {
      issues.push({ path: "rateMlPerHour", message: `Rate × hours must be at most ${MAX_FLUID_ML} mL` });
    }
  }
  return issues;
}

/** An intake's volume in mL: a bolus's own, a continuous feed's rate × hours (to a tenth). */
export function intakeVolume(intake: {
  mode: IntakeMode;
  volumeMl: number | null;
  rateMlPerHour: number | null;
  hours: number | null;
}): number | null {
  if (intake.mode === "bolus") return intake.volumeMl;
  if (intake.rateMlPerHour === null || intake.hours === null) return null;
  return Math.round(intake.rateMlPerHour * intake.hours * 10) / 10;
}

export const fluidIntakeInput = intakeFields.check(
  acrossFields(["source", "route", "mode", "volumeMl", "rateMlPerHour", "hours"], intakeIssues),
);
export type FluidIntakeInput = z.input<typeof fluidIntakeInput>;

export const fluidIntakeRecord = z.object({
  ...recordBase,
  childId: z.uuid(),
  date: dateOnly,
  time: nullableText,
  source: z.enum(INTAKE_SOURCES),
  route: z.enum(FEED_ROUTES).nullable(),
  product: nullableText,
  mode: z.enum(INTAKE_MODES),
  /** A bolus's volume. */
  volumeMl: z.number().nullable(),
  rateMlPerHour: z.number().nullable(),
  hours: z.number().nullable(),
  kcalPerMl: z.number().nullable(),
  notes: nullableText,
  /** What went in, in mL (`intakeVolume`: a bolus's volume, a continuous feed's rate × hours). */
  totalMl: z.number().nullable(),
  /** The energy it gave (total × kcal per mL, to a whole kcal), when its kcal per mL is known. */
  kcal: z.number().nullable(),
});
export type FluidIntake = Wire<typeof fluidIntakeRecord>;

/** An intake's energy in kcal (whole), when its volume and kcal per mL are known. */
export function intakeEnergy(intake: Parameters<typeof intakeVolume>[0] & { kcalPerMl: number | null }) {
  const volume = intakeVolume(intake);
  return volume === null || intake.kcalPerMl === null ? null : Math.round(volume * intake.kcalPerMl);
}

const outputFields = z.object({
  childId: requiredId("Child", "Child is required"),
  date: pastDate("Date"),
  time: optionalTime(),
  kind: oneOf("What", OUTPUT_KINDS),
  measure: oneOf("Measured", OUTPUT_MEASURES),
  amount: reasonable("Amount", "mL or g", MAX_FLUID_ML),
  /** A weighed diaper's (or pad's) own dry weight, taken off the amount. */
  dryWeightGrams: reasonable("Dry weight", "g", 1000),
  notes: optionalText(1000),
});

/** The rules across an output's fields: a measured output has its amount, and a dry weight is a weighed one's. */
export function outputIssues(output: {
  measure: OutputMeasure;
  amount: number | null;
  dryWeightGrams: number | null;
}): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (output.measure !== "not-measured" && output.amount === null) {
    issues.push({ path: "amount", message: "Amount is required" });
  }
  if (output.measure === "not-measured" && output.amount !== null) {
    issues.push({ path: "amount", message: "An output not measured has no amount" });
  }
  if (output.dryWeightGrams !== null) {
    if (output.measure !== "weight") {
      issues.push({ path: "dryWeightGrams", message: "Only a weighed output has a dry weight" });
    } else if (output.amount !== null && output.dryWeightGrams > output.amount) {
      issues.push({ path: "dryWeightGrams", message: "Dry weight cannot be more than the weight" });
    }
  }
  return issues;
}

/**
 * An output's volume in mL: as measured, or weighed less the dry weight at 1 g to 1 mL (the
 * convention for weighing diapers, pads and bags in children's nursing: Hockenberry & Wilson,
 * Wong's Nursing Care of Infants and Children, 11th ed., 2019, "Intake and output"); none when not
 * measured.
 */
export function outputVolume(output: {
  measure: OutputMeasure;
  amount: number | null;
  dryWeightGrams: number | null;
}): number | null {
  if (output.measure === "not-measured" || output.amount === null) return null;
  if (output.measure === "volume") return output.amount;
  return Math.round((output.amount - (output.dryWeightGrams ?? 0)) * 10) / 10;
}

export const fluidOutputInput = outputFields.check(
  acrossFields(["measure", "amount", "dryWeightGrams"], outputIssues),
);
export type FluidOutputInput = z.input<typeof fluidOutputInput>;

export const fluidOutputRecord = z.object({
  ...recordBase,
  childId: z.uuid(),
  date: dateOnly,
  time: nullableText,
  kind: z.enum(OUTPUT_KINDS),
  measure: z.enum(OUTPUT_MEASURES),
  amount: z.number().nullable(),
  dryWeightGrams: z.number().nullable(),
  /** What the amount is in mL (`outputVolume`): the day's balance adds these. */
  volumeMl: z.number().nullable(),
  notes: nullableText,
});
export type FluidOutput = Wire<typeof fluidOutputRecord>;

type IntakeFigures = Parameters<typeof intakeEnergy>[0] & { source: IntakeSource };
type OutputFigures = Parameters<typeof outputVolume>[0] & { kind: OutputKind };

/** What a day's balance adds: the day's entries, its PN bags, the weight it is read against and its hours. */
export interface DayBalanceInput {
  intake: readonly IntakeFigures[];
  output: readonly OutputFigures[];
  /** The TPN entries of the day: each bag's volume (mL) and calories (kcal), as logged. */
  pn: readonly { volume: number | null; calories: number | null }[];
  /** The latest weight on or before the day (kg), if any. */
  weightKg: number | null;
  /** The hours the day's output is spread over: 24 (23 or 25 on a daylight-saving day), or those gone by today. */
  hours: number;
}

const tenth = (value: number) => Math.round(value * 10) / 10;
const sum = (values: readonly (number | null)[]) => tenth(values.reduce<number>((a, b) => a + (b ?? 0), 0));

/**
 * A day's energy by route, in whole kcal: the PN bags' calories as logged, and the feeds' (tube and
 * mouth) volume × kcal per mL; IV fluids give none counted. The day's balance and the road off PN
 * (weaning.ts) both read it.
 */
export function dayEnergy(day: Pick<DayBalanceInput, "intake" | "pn">) {
  const energyBy = (source: IntakeSource) =>
    day.intake.filter((i) => i.source === source).reduce((a, i) => a + (intakeEnergy(i) ?? 0), 0);
  const energy = {
    pn: Math.round(day.pn.reduce((a, bag) => a + (bag.calories ?? 0), 0)),
    enteral: energyBy("enteral"),
    oral: energyBy("oral"),
    total: 0,
  };
  energy.total = energy.pn + energy.enteral + energy.oral;
  return energy;
}

/** Feeds given without their kcal per mL (their energy is missing from the figures). */
export const feedsWithoutEnergy = (intake: DayBalanceInput["intake"]) =>
  intake.filter((i) => i.source !== "iv" && intakeEnergy(i) === null).length;

/**
 * A day's fluid balance and energy by route: what went in (PN, tube feeds, by mouth, IV fluids) and
 * came out, in mL; per kilogram of the latest weight (mL/kg/day, and urine in mL/kg/hour over the
 * day's hours, the unit in which paediatric urine output is judged, e.g. pRIFLE: Akcan-Arikan et
 * al., Kidney Int 2007;71:1028-35); energy from PN and from feeds (enteral and by mouth) with the
 * feeds' share in percent, the measure of the road off PN (enteral autonomy). Outputs not measured
 * are counted, not guessed; a feed without its kcal per mL adds its volume but no energy, and is
 * counted so the screen can say the energy is short.
 */
export function dayBalance(day: DayBalanceInput) {
  const inBy = (source: IntakeSource) => sum(day.intake.filter((i) => i.source === source).map(intakeVolume));
  const outBy = (kind: OutputKind) => sum(day.output.filter((o) => o.kind === kind).map(outputVolume));
  const intake = {
    pn: sum(day.pn.map((bag) => bag.volume)),
    enteral: inBy("enteral"),
    oral: inBy("oral"),
    iv: inBy("iv"),
    total: 0,
  };
  intake.total = tenth(intake.pn + intake.enteral + intake.oral + intake.iv);
  const output = {
    urine: outBy("urine"),
    stool: outBy("stool"),
    ostomy: outBy("ostomy"),
    vomit: outBy("vomit"),
    drain: outBy("drain"),
    total: 0,
  };
  output.total = tenth(output.urine + output.stool + output.ostomy + output.vomit + output.drain);
  const energy = dayEnergy(day);
  const kg = day.weightKg;
  const perKg = (value: number) => (kg ? tenth(value / kg) : null);
  return {
    intake,
    output,
    netMl: tenth(intake.total - output.total),
    notMeasured: day.output.filter((o) => outputVolume(o) === null).length,
    energy,
    /** The share of energy from feeds (tube and mouth), in whole percent; none without energy. */
    enteralSharePercent:
      energy.total > 0 ? Math.round(((energy.enteral + energy.oral) / energy.total) * 100) : null,
    feedsWithoutEnergy: feedsWithoutEnergy(day.intake),
    perKg: {
      intakeMlPerDay: perKg(intake.total),
      outputMlPerDay: perKg(output.total),
      ostomyMlPerDay: perKg(output.ostomy),
      stoolMlPerDay: perKg(output.stool),
      kcalPerDay: perKg(energy.total),
      urineMlPerHour: kg && day.hours > 0 ? Math.round((output.urine / kg / day.hours) * 100) / 100 : null,
    },
  };
}
export type DayBalance = ReturnType<typeof dayBalance>;

const millilitresByRoute = <K extends string>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((key) => [key, z.number()])) as Record<K, z.ZodNumber>);

/**
 * The hours of `date` on the wall clocks of `timeZone`: 24, or 23 and 25 on the days daylight
 * saving starts and ends; for today, those gone by at `now` (a day's output so far is spread over
 * them, not over the whole day).
 */
export function hoursOfDay(date: string, timeZone: string, now: Date): number {
  const start = instantOf(date, "00:00", timeZone).getTime();
  const end = instantOf(addDays(date, 1), "00:00", timeZone).getTime();
  const until = Math.min(end, Math.max(start, now.getTime()));
  return Math.round(((until - start) / 3_600_000) * 100) / 100;
}

// ---- The child's team's limits ----

/**
 * The limits a child's team sets on a day's figures, each off until set: ostomy or stool output
 * above so many mL/kg/day (dehydration and sodium loss in short bowel), urine below so many
 * mL/kg/hour (too little fluid). No defaults: the published cut-offs differ by centre and age
 * (high ostomy output is put at 20 to 40 mL/kg/day in paediatric intestinal rehabilitation
 * programmes; oliguria at 0.5 or 1 mL/kg/h, pRIFLE and neonatal practice), so the family enters
 * its team's numbers.
 */
export const fluidLimitsInput = z.object({
  childId: requiredId("Child", "Child is required"),
  ostomyMaxMlPerKgDay: reasonable("Ostomy output limit", "mL/kg/day", 500),
  stoolMaxMlPerKgDay: reasonable("Stool output limit", "mL/kg/day", 500),
  urineMinMlPerKgHour: reasonable("Urine output limit", "mL/kg/h", 20, 2),
  setBy: optionalText(200),
  notes: optionalText(1000),
});
export type FluidLimitsInput = z.input<typeof fluidLimitsInput>;

export const fluidLimitsRecord = z.object({
  ...recordBase,
  childId: z.uuid(),
  ostomyMaxMlPerKgDay: z.number().nullable(),
  stoolMaxMlPerKgDay: z.number().nullable(),
  urineMinMlPerKgHour: z.number().nullable(),
  setBy: nullableText,
  notes: nullableText,
});
export type FluidLimits = Wire<typeof fluidLimitsRecord>;

/** A limit a day's figures crossed, in words: "Ostomy output 45 mL/kg, above the limit of 40 mL/kg/day". */
export interface CrossedLimit {
  key: "ostomy" | "stool" | "urine";
  text: string;
}

/**
 * The limits a day's figures (`dayBalance`'s per kilogram) crossed; none without a weight, and
 * urine only when some was measured (a day without measured urine is not a day without urine).
 */
export function limitsCrossed(
  perKg: DayBalance["perKg"],
  limits: Pick<FluidLimits, "ostomyMaxMlPerKgDay" | "stoolMaxMlPerKgDay" | "urineMinMlPerKgHour"> | null,
  urineMeasured: boolean,
): CrossedLimit[] {
  if (!limits) return [];
  const crossed: CrossedLimit[] = [];
  const { ostomyMaxMlPerKgDay: ostomy, stoolMaxMlPerKgDay: stool, urineMinMlPerKgHour: urine } = limits;
  if (ostomy !== null && perKg.ostomyMlPerDay !== null && perKg.ostomyMlPerDay > ostomy) {
    crossed.push({
      key: "ostomy",
      text: `Ostomy output ${perKg.ostomyMlPerDay} mL/kg, above the limit of ${ostomy} mL/kg/day`,
    });
  }
  if (stool !== null && perKg.stoolMlPerDay !== null && perKg.stoolMlPerDay > stool) {
    crossed.push({
      key: "stool",
      text: `Stool output ${perKg.stoolMlPerDay} mL/kg, above the limit of ${stool} mL/kg/day`,
    });
  }
  if (urine !== null && urineMeasured && perKg.urineMlPerHour !== null && perKg.urineMlPerHour < urine) {
    crossed.push({
      key: "urine",
      text: `Urine ${perKg.urineMlPerHour} mL/kg/h, below the limit of ${urine} mL/kg/h`,
    });
  }
  return crossed;
}

/** `GET /api/intake-output/balance?childId=&date=`: a child's day, on the family's clock. */
export const dayBalanceRecord = z.object({
  childId: z.uuid(),
  date: dateOnly,
  /** Whether the day is today (its figures are so far). */
  today: z.boolean(),
  hours: z.number(),
  weight: z.object({ kg: z.number(), date: dateOnly }).nullable(),
  intake: millilitresByRoute(["pn", "enteral", "oral", "iv", "total"]),
  output: millilitresByRoute([...OUTPUT_KINDS, "total"]),
  netMl: z.number(),
  notMeasured: z.number().int(),
  energy: millilitresByRoute(["pn", "enteral", "oral", "total"]),
  enteralSharePercent: z.number().nullable(),
  feedsWithoutEnergy: z.number().int(),
  /** The child's team's limits, if set, and those the day crossed (`limitsCrossed`). */
  limits: fluidLimitsRecord.nullable(),
  crossed: z.array(z.object({ key: z.enum(["ostomy", "stool", "urine"]), text: z.string() })),
  perKg: z.object({
    intakeMlPerDay: z.number().nullable(),
    outputMlPerDay: z.number().nullable(),
    ostomyMlPerDay: z.number().nullable(),
    stoolMlPerDay: z.number().nullable(),
    kcalPerDay: z.number().nullable(),
    urineMlPerHour: z.number().nullable(),
  }),
});
export type DayBalanceRecord = Wire<typeof dayBalanceRecord>;
