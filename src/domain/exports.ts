import { z } from "zod";
import { summaryAbnormalLabs, summaryFluidBalance } from "./care-summary-parts";
import { feverThresholdText } from "./fever-plan";
import { optionalIsoDate } from "./fields";
import { timestamp } from "./records";

/** Every way the records can leave the app (DESIGN section 7: each also as a direct download). */
export const EXPORT_FORMATS = ["backup", "json", "csv", "excel", "pdf", "word", "fhir"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** The formats the spec's Settings screen sends by email. */
export const EMAIL_FORMATS = ["csv", "excel", "pdf", "word"] as const;
export type EmailFormat = (typeof EMAIL_FORMATS)[number];

export const FORMAT_LABELS: Record<ExportFormat, string> = {
  backup: "Backup",
  json: "JSON",
  csv: "CSV",
  excel: "Excel",
  pdf: "PDF",
  word: "Word",
  fhir: "FHIR",
};

/** The version of the JSON export; an import refuses a newer one. */
export const EXPORT_VERSION = 1;
export const EXPORT_FORMAT_NAME = "medical-care-tracker-export";

/**
 * Which records an export holds: one child's (with the records linked to no child, such as the
 * care team), and the dated records between two days. Left out, everything.
 */
export const exportScopeInput = z
  .object({
    childId: z
      .union([z.literal(""), z.uuid({ message: "Child must be a valid id" })])
      .optional()
      .transform((v) => (v ? v : undefined)),
    from: optionalIsoDate("From").transform((v) => v ?? undefined),
    to: optionalIsoDate("To").transform((v) => v ?? undefined),
  })
  .refine((scope) => !scope.from || !scope.to || scope.from <= scope.to, {
    message: "From must be on or before To",
    path: ["to"],
  });
export interface ExportScope {
  childId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export const exportEmailInput = z.intersection(
  z.object({
    format: z.enum(EMAIL_FORMATS, { error: `Format must be one of: ${EMAIL_FORMATS.join(", ")}` }),
  }),
  exportScopeInput,
);

/** What an import restored, section by section. */
export const importReportRecord = z.object({
  message: z.string(),
  imported: z.record(z.string(), z.number().int()),
  skipped: z.array(z.string()),
  /** Records of the file the family held already (the same record, by id): left as they are. */
  alreadyHere: z.number().int().optional(),
});
export type ImportReport = z.infer<typeof importReportRecord>;

export const RESTORE_STATES = ["writing", "undoing", "done", "failed"] as const;
export type RestoreState = (typeof RESTORE_STATES)[number];

/**
 * A restore as it goes (`GET /api/account/import/:id`): written step by step, `processed` of
 * `total` records so far; once done, its report; once failed (nothing of it kept), why.
 */
export const restoreRecord = z.object({
  id: z.uuid(),
  state: z.enum(RESTORE_STATES),
  total: z.number().int(),
  processed: z.number().int(),
  message: z.string().nullable(),
  report: importReportRecord.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type RestoreJobRecord = z.input<typeof restoreRecord>;

const measured = z.object({ date: z.string(), value: z.number() }).nullable();

/** A temperature as the clinic reads it: when, the stored °C, and in the family's unit. */
const temperatureReading = z.object({
  date: z.string(),
  time: z.string().nullable(),
  celsius: z.number(),
  /** In the family's unit, to the tenth shown: "38.3 °C" or "100.9 °F". */
  shown: z.string(),
  /** At or above the family's fever threshold, as the family reads both (vitals.ts `isFever`). */
  fever: z.boolean(),
});
export type TemperatureReading = z.infer<typeof temperatureReading>;

/** How far back the care summary lists fevers: today and the 6 days before. */
export const SUMMARY_FEVER_DAYS = 7;

/** The one page a parent can hand to an emergency room (`GET /api/care-summary`). */
export const careSummaryRecord = z.object({
  generatedOn: z.string(),
  child: z
    .object({
      id: z.string(),
      name: z.string(),
      age: z.string(),
      dateOfBirth: z.string().nullable(),
      diagnosis: z.string().nullable(),
    })
    .nullable(),
  allergies: z.array(
    z.object({
      allergen: z.string(),
      reaction: z.string(),
      severity: z.string(),
      treatment: z.string().nullable(),
    }),
  ),
  medications: z.array(
    z.object({
      name: z.string(),
      dosage: z.string(),
      frequency: z.string(),
      purpose: z.string().nullable(),
      startDate: z.string().nullable(),
      /** How it is given: "By mouth", "G-tube". */
      route: z.string().nullable(),
      /** Its schedule in words: "08:00, 20:00", "Every 6 hours", "As needed" (doses.ts); null without one. */
      schedule: z.string().nullable(),
      /**
       * Its latest dose in words, on the family's clock: "Given Nov 27, 2026 08:05
       * (America/Chicago) by Sam Lee" (pn-text.ts); null before the first.
       */
      lastDose: z.string().nullable(),
    }),
  ),
  /**
   * The version of the PN prescription in force today, in the words every screen uses
   * (pn-text.ts), per kilogram of the latest weight; null without one.
   */
  pnPrescription: z
    .object({
      startDate: z.string(),
      prescriber: z.string().nullable(),
      /** "1,000 mL over 12 h at 90.9 mL/h (computed), taper up 60 min at 50 %, taper down 60 min at 50 %". */
      infusion: z.string(),
      /** "Dextrose 15 %, amino acids 25 g, lipid 20 g (SMOFlipid 20 %)"; null with none of them. */
      contents: z.string().nullable(),
      /** "Energy counted at dextrose 3.4 kcal/g, amino acids 4 kcal/g, lipid 10 kcal/g (20 % emulsion, 2 kcal/mL)". */
      energyFactors: z.string().nullable(),
      additives: z.string().nullable(),
      /** Glucose infusion rate (mg/kg/min) at the full (plateau) rate; null without dextrose or a weight. */
      gir: z.number().nullable(),
      /** The day's dextrose spread over 24 hours (mg/kg/min). */
      girDayAverage: z.number().nullable(),
      /** Whether the GIR lies outside the range it is usually kept in (4 to 15 mg/kg/min). */
      unusualGir: z.boolean(),
      kcalPerKgDay: z.number().nullable(),
      /** "GIR at full rate 10.6 mg/kg/min (24-hour average 5.3), 37.9 kcal/kg/day"; null without a weight. */
      perKg: z.string().nullable(),
      /** The weight the figures used: the latest, its day, its age, and whether it is over 30 days old. */
      weight: z
        .object({ kg: z.number(), date: z.string(), ageDays: z.number().int(), stale: z.boolean() })
        .nullable(),
      /** "Weight 21.4 kg on 2026-11-20 (7 days ago)", saying when it is too old to count on. */
      weightUsed: z.string().nullable(),
    })
    .nullable(),
  /** The latest weight (kg) and length or height (cm), with the day they were measured. */
  latestWeight: measured,
  latestHeight: measured,
  /**
   * The child's last temperature and every fever of the last `SUMMARY_FEVER_DAYS` days (newest
   * first), in the family's unit against the family's threshold; null without a child.
   */
  temperature: z
    .object({
      unit: z.enum(["C", "F"]),
      /** The family's fever threshold in its unit: "38.0 °C" or "100.5 °F". */
      threshold: z.string(),
      latest: temperatureReading.nullable(),
      recentFevers: z.array(temperatureReading),
    })
    .nullable(),
  currentLine: z
    .object({
      /** Its lumens too: 'single-lumen', 'double-lumen', 'triple-lumen' (or 'power-picc'). */
      lineType: z.string().nullable(),
      insertionSite: z.string().nullable(),
      insertionDate: z.string(),
      daysIn: z.number().int(),
      /** The line's latest dressing change, and how many days ago it was. */
      lastDressing: z
        .object({
          date: z.string(),
          time: z.string().nullable(),
          dressingType: z.string().nullable(),
          daysAgo: z.number().int(),
        })
        .nullable(),
    })
    .nullable(),
  /**
   * What to do for a fever while a central line is in (src/domain/fever-plan.ts), at the family's
   * threshold in its unit; null without a line in place.
   */
  feverPlan: z
    .object({
      thresholdC: z.number(),
      unit: z.enum(["C", "F"]),
      /** "38.0 °C" or "100.4 °F". */
      threshold: z.string(),
      action: z.string(),
      tellThem: z.array(z.string()),
    })
    .nullable(),
  infections: z.array(
    z.object({
      infectionDate: z.string(),
      infectionType: z.string(),
      organism: z.string().nullable(),
      outcome: z.string().nullable(),
    }),
  ),
  lineDays: z.object({
    catheterDays: z.number().int(),
    bloodstreamInfections: z.number().int(),
    infectionRate: z.number().nullable(),
  }),
  latestTpn: z
    .object({
      date: z.string(),
      calories: z.string().nullable(),
      protein: z.string().nullable(),
      carbohydrates: z.string().nullable(),
      fat: z.string().nullable(),
      volume: z.string().nullable(),
      duration: z.number().nullable(),
    })
    .nullable(),
  careTeam: z.array(
    z.object({
      name: z.string(),
      role: z.string(),
      specialty: z.string().nullable(),
      phone: z.string().nullable(),
      email: z.string().nullable(),
      hospital: z.string().nullable(),
    }),
  ),
  infusionCenters: z.array(
    z.object({
      name: z.string(),
      phone: z.string().nullable(),
      contactPerson: z.string().nullable(),
      address: z.string().nullable(),
    }),
  ),
  /** The number the family's owner chose to give the clinic, and whom it reaches; null without one. */
  familyContact: z.object({ name: z.string().nullable(), phone: z.string() }).nullable(),
  /** Today's fluid balance so far on the family's clock (care-summary-parts.ts); null without a child. */
  fluidBalance: summaryFluidBalance.nullable(),
  /** The latest abnormal lab results of the last months; null without a child. */
  abnormalLabs: summaryAbnormalLabs.nullable(),
});
export type CareSummary = z.infer<typeof careSummaryRecord>;

/** A fever plan's threshold in the family's unit, then the other: "100.4 °F (38.0 °C)". */
export function feverThresholdBoth(plan: Pick<NonNullable<CareSummary["feverPlan"]>, "thresholdC" | "unit">) {
  const other = plan.unit === "F" ? "C" : "F";
  return `${feverThresholdText(plan.thresholdC, plan.unit)} (${feverThresholdText(plan.thresholdC, other)})`;
}

/** How long ago a day was, in words: "today", "yesterday", "7 days ago". */
export function daysAgoText(days: number): string {
  if (days <= 0) return "today";
  return days === 1 ? "yesterday" : `${days} days ago`;
}
