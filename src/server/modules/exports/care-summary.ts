import { and, asc, desc, eq, isNull, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { childAgeLabel } from "../../../domain/children";
import { familyClock, todayIn } from "../../../domain/clock";
import { daysBetween } from "../../../domain/dates";
import { scheduleInWords } from "../../../domain/doses";
import type { CareSummary } from "../../../domain/exports";
import { FEVER_PLAN, feverThresholdText } from "../../../domain/fever-plan";
import { isMedicationActive } from "../../../domain/medications";
import { lineStatistics } from "../../../domain/picc";
import {
  contentsText,
  infusionText,
  isUnusualGir,
  lastDoseText,
  pnDayAndWeek,
  weightUsedText,
} from "../../../domain/pn-text";
import type { TimeFormat } from "../../../domain/time-format";
import { DEFAULT_FEVER_THRESHOLD_C } from "../../../domain/vitals";
import type { Db } from "../../db/client";
import * as schema from "../../db/schema/index";
import { ownNames, withAuthorNames } from "../../lib/authors";
import { childScope, type FamilyView, inView } from "../../lib/child-scope";
import { withDoseSummaries } from "../medication-doses/medication-doses.queries";
import { activePrescription } from "../pn-prescriptions/pn-prescriptions.queries";
import { abnormalLabsOf, fluidBalanceOf } from "./care-summary-balance-labs";
import { type FeverSettings, latestVital, newest, temperaturesOf } from "./care-summary-vitals";

const SEVERITY_ORDER: Record<string, number> = { "life-threatening": 0, severe: 1, moderate: 2, mild: 3 };

/** A child's records and the ones linked to no child (with no child: the unlinked ones only). */
function ofChild(column: PgColumn, childId: string | null): SQL {
  return childId ? childScope(column, childId, "withUnlinked") : isNull(column);
}

/** When a summary is made, on the family's clock: its today, and the zone its times are read in. */
export interface SummaryMoment {
  now: Date;
  timeZone: string;
  /** How the family writes times (time-format.ts): 24-hour unless said. */
  timeFormat?: TimeFormat;
}

/** A line's latest dressing change. */
async function lastDressing(db: Db, view: FamilyView, lineId: string, today: string) {
  const events = schema.lineCareEvents;
  const [row] = await db
    .select({ date: events.date, time: events.time, dressingType: events.dressingType })
    .from(events)
    .where(and(inView(view, events), eq(events.piccLineId, lineId), eq(events.kind, "dressing")))
    .orderBy(...newest(events))
    .limit(1);
  return row ? { ...row, daysAgo: daysBetween(row.date, today) } : null;
}

type MedicationRow = typeof schema.medications.$inferSelect;

/**
 * What a child takes now (by the rule every screen uses), each with its route, its schedule in
 * words and its latest dose on the family's clock.
 */
async function activeMedications(
  db: Db,
  view: FamilyView,
  medications: readonly MedicationRow[],
  { today, timeZone, timeFormat }: { today: string; timeZone: string; timeFormat?: TimeFormat | undefined },
): Promise<CareSummary["medications"]> {
  const active = medications.filter((m) => isMedicationActive(m, today));
  // Their authors' names are not read: the summary names who gave the last dose only.
  const rows = active.map((m) => ({ ...m, createdByName: null, updatedByName: null }));
  const withDoses = rows.length ? await withDoseSummaries(db, view.familyId, rows) : [];
  // Named as the person named themselves, never by their email: the summary leaves the family.
  const givers = await ownNames(
    db,
    withDoses.flatMap((m) => (m.lastDose?.givenById ? [m.lastDose.givenById] : [])),
  );
  return withDoses.map((m) => ({
    name: m.name,
    dosage: m.dosage,
    frequency: m.frequency,
    purpose: m.purpose,
    startDate: m.startDate,
    route: m.route,
    schedule: scheduleInWords(m, timeFormat),
    lastDose: m.lastDose
      ? lastDoseText(
          {
            ...m.lastDose,
            givenBy: m.lastDose.givenById ? (givers.get(m.lastDose.givenById) ?? null) : null,
          },
          timeZone,
          undefined,
          timeFormat,
        )
      : null,
  }));
}

/**
 * The version of a child's PN prescription in force today, in words, with its GIR and kcal per
 * kilogram of the child's latest weight (and that weight, saying when it is over 30 days old).
 */
async function pnPrescriptionOf(
  db: Db,
  view: FamilyView,
  childId: string,
  { now, timeZone }: SummaryMoment,
): Promise<CareSummary["pnPrescription"]> {
  const active = await activePrescription(db, view, childId, now, timeZone);
  const version = active.prescription;
  if (!version) return null;
  const figures = {
    gir: active.gir,
    girDayAverage: active.girDayAverage,
    kcalPerKgDay: active.kcalPerKgDay,
  };
  return {
    startDate: version.startDate,
    prescriber: version.prescriber,
    infusion: infusionText(version),
    contents: contentsText(version),
    energyFactors: version.energyFactors,
    additives: version.additives,
    ...figures,
    unusualGir: isUnusualGir(active.gir),
    // A PN day's figures, and with fewer nights a week what they come to over the week.
    perKg: pnDayAndWeek({ ...figures, proteinGPerKgDay: null, lipidGPerKgDay: null }, version.nightsPerWeek),
    weight: active.weight,
    weightUsed: active.weight ? weightUsedText(active.weight) : null,
  };
}

/**
 * The care summary of one child: who they are and what they last weighed, their last temperature
 * and the fevers of the last week, what they are allergic to (the most dangerous first), what to do for a fever while their central line is in, what they
 * take now (when each was last given), their PN prescription per kilogram, their line (its last
 * dressing change) and its infections with the CLABSI rate, their latest TPN, and whom to call
 * (the care team, the infusion centers, and the number the family shares); then today's fluid
 * balance and the latest abnormal lab results.
 * With no child, the family-level records only.
 */
async function summaryOf(
  db: Db,
  view: FamilyView,
  child: typeof schema.children.$inferSelect | null,
  at: SummaryMoment,
  fever: FeverSettings,
  familyContact: CareSummary["familyContact"],
): Promise<CareSummary> {
  const childId = child?.id ?? null;
  const today = todayIn(at.timeZone, at.now);
  const owned = <T extends PgTable & { id: PgColumn; familyId: PgColumn }>(table: T) => inView(view, table);
  const [
    allergies,
    medications,
    lines,
    infections,
    tpn,
    careTeam,
    centers,
    weight,
    height,
    pnPrescription,
    temperature,
    fluidBalance,
    abnormalLabs,
  ] = await Promise.all([
    db
      .select()
      .from(schema.medicalAllergies)
      .where(and(owned(schema.medicalAllergies), ofChild(schema.medicalAllergies.childId, childId))),
    db
      .select()
      .from(schema.medications)
      .where(and(owned(schema.medications), ofChild(schema.medications.childId, childId)))
      .orderBy(asc(schema.medications.name)),
    childId
      ? db
          .select()
          .from(schema.piccLines)
          .where(and(owned(schema.piccLines), eq(schema.piccLines.childId, childId)))
      : Promise.resolve([]),
    childId
      ? db
          .select()
          .from(schema.piccInfections)
          .where(and(owned(schema.piccInfections), eq(schema.piccInfections.childId, childId)))
          .orderBy(desc(schema.piccInfections.infectionDate))
      : Promise.resolve([]),
    childId
      ? db
          .select()
          .from(schema.tpnEntries)
          .where(and(owned(schema.tpnEntries), eq(schema.tpnEntries.childId, childId)))
          .orderBy(desc(schema.tpnEntries.date), desc(schema.tpnEntries.createdAt))
          .limit(1)
      : Promise.resolve([]),
    db
      .select()
      .from(schema.careTeamMembers)
      .where(owned(schema.careTeamMembers))
      .orderBy(asc(schema.careTeamMembers.name)),
    db
      .select()
      .from(schema.infusionCenters)
      .where(and(owned(schema.infusionCenters), ofChild(schema.infusionCenters.childId, childId)))
      .orderBy(asc(schema.infusionCenters.name)),
    childId ? latestVital(db, view, childId, "weight") : null,
    childId ? latestVital(db, view, childId, "height") : null,
    childId ? pnPrescriptionOf(db, view, childId, at) : null,
    childId ? temperaturesOf(db, view, childId, today, fever) : null,
    childId ? fluidBalanceOf(db, view, childId, { now: at.now, timeZone: at.timeZone, today }) : null,
    childId ? abnormalLabsOf(db, view, childId, today) : null,
  ]);
  const wire = (await withAuthorNames(db, lines)).map((l) => ({
    ...l,
    createdAt: l.createdAt.toISOString(),
    updatedAt: l.updatedAt.toISOString(),
  }));
  const stats = lineStatistics(wire, infections, today);
  const line = stats.currentLine;
  const dressing = line ? await lastDressing(db, view, line.id, today) : null;
  const latest = tpn[0];
  return {
    generatedOn: today,
    child: child
      ? {
          id: child.id,
          name: child.name,
          age: childAgeLabel(child),
          dateOfBirth: child.dateOfBirth,
          diagnosis: child.medicalDiagnosis,
        }
      : null,
    allergies: allergies
      .sort(
        (a, b) =>
          (SEVERITY_ORDER[a.severity] ?? 9) - (SEVERITY_ORDER[b.severity] ?? 9) ||
          a.allergen.localeCompare(b.allergen),
      )
      .map((a) => ({
        allergen: a.allergen,
        reaction: a.reaction,
        severity: a.severity,
        treatment: a.treatment,
      })),
    medications: await activeMedications(db, view, medications, {
      today,
      timeZone: at.timeZone,
      timeFormat: at.timeFormat,
    }),
    pnPrescription,
    latestWeight: weight,
    latestHeight: height,
    temperature,
    currentLine: line
      ? {
          lineType: line.lineType,
          insertionSite: line.insertionSite,
          insertionDate: line.insertionDate,
          daysIn: stats.currentLineDays ?? 0,
          lastDressing: dressing,
        }
      : null,
    // A fever matters this much while a central line is in: without one, there is no such plan.
    feverPlan: line
      ? {
          thresholdC: fever.thresholdC,
          unit: fever.unit,
          threshold: feverThresholdText(fever.thresholdC, fever.unit),
          action: FEVER_PLAN.action,
          tellThem: [...FEVER_PLAN.tellThem],
        }
      : null,
    infections: infections.map((i) => ({
      infectionDate: i.infectionDate,
      infectionType: i.infectionType,
      organism: i.organism,
      outcome: i.outcome,
    })),
    lineDays: {
      catheterDays: stats.catheterDays,
      bloodstreamInfections: stats.bloodstreamInfections,
      infectionRate: stats.infectionRate,
    },
    latestTpn: latest
      ? {
          date: latest.date,
          calories: latest.calories,
          protein: latest.protein,
          carbohydrates: latest.carbohydrates,
          fat: latest.fat,
          volume: latest.volume,
          duration: latest.duration,
        }
      : null,
    careTeam: careTeam.map((m) => ({
      name: m.name,
      role: m.role,
      specialty: m.specialty,
      phone: m.phone,
      email: m.email,
      hospital: m.hospital,
    })),
    infusionCenters: centers.map((c) => ({
      name: c.name,
      phone: c.phone,
      contactPerson: c.contactPerson,
      address: c.address,
    })),
    familyContact,
    fluidBalance,
    abnormalLabs,
  };
}

/**
 * The care summaries of a family, as a member sees it: one per child they see (or only `childId`'s), or a family-level one when
 * there are no children yet; at `at` on the family's clock (by default the request's).
 */
export async function careSummaries(
  db: Db,
  view: FamilyView,
  childId?: string,
  at: SummaryMoment = { now: familyClock().now(), timeZone: familyClock().timeZone },
): Promise<CareSummary[]> {
  const [children, [family]] = await Promise.all([
    db
      .select()
      .from(schema.children)
      .where(and(inView(view, schema.children), childId ? eq(schema.children.id, childId) : undefined))
      .orderBy(asc(schema.children.createdAt)),
    db
      .select({
        unit: schema.families.temperatureUnit,
        thresholdC: schema.families.feverThresholdC,
        contactName: schema.families.contactName,
        contactPhone: schema.families.contactPhone,
      })
      .from(schema.families)
      .where(eq(schema.families.id, view.familyId)),
  ]);
  const settings: FeverSettings = {
    unit: family?.unit ?? "C",
    thresholdC: Number(family?.thresholdC ?? DEFAULT_FEVER_THRESHOLD_C),
  };
  // Shared only with a number to call.
  const contact = family?.contactPhone ? { name: family.contactName, phone: family.contactPhone } : null;
  if (children.length === 0) return childId ? [] : [await summaryOf(db, view, null, at, settings, contact)];
  return Promise.all(children.map((child) => summaryOf(db, view, child, at, settings, contact)));
}
