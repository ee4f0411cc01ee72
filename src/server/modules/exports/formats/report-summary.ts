import { ALLERGY_SEVERITY_LABELS } from "../../../../domain/allergies";
import {
  abnormalResultText,
  fluidBalanceLines,
  noAbnormalResults,
} from "../../../../domain/care-summary-parts";
import {
  type CareSummary,
  daysAgoText,
  feverThresholdBoth,
  SUMMARY_FEVER_DAYS,
  type TemperatureReading,
} from "../../../../domain/exports";
import { FEVER_PLAN } from "../../../../domain/fever-plan";
import { DRESSING_TYPE_LABELS } from "../../../../domain/line-care";
import {
  INFECTION_TYPE_LABELS,
  INSERTION_SITE_LABELS,
  LINE_TYPE_LABELS,
  OUTCOME_LABELS,
} from "../../../../domain/picc";
import { USUAL_GIR } from "../../../../domain/pn";
import { VITAL_LABELS, VITAL_UNITS } from "../../../../domain/vitals";
import { numberText } from "./readable";
import {
  after,
  amount,
  joined,
  labelOf,
  type ReportLine,
  readableDate,
  type SummaryBlock,
  type SummaryContent,
} from "./report-content";

/*
 * A child's care summary page as the PDF and Word reports print it: its lines, in the order an
 * emergency room reads them (report-content.ts says how a line is made of a lead and a text).
 */

/** At most this many infections on the summary page; the full list is in the records. */
const SUMMARY_INFECTIONS = 5;

const RATE_NOTE =
  "Infection rate: bloodstream infections counted as the NHSN counts a CLABSI (from a line's day 3, the " +
  "day it went in being day 1, to the day after it came out), per 1,000 days with a line in " +
  "(catheter-days), over all of this child's lines. Days in: the day the line went in is day 1.";

function centralLineBlock(summary: CareSummary): SummaryBlock {
  const { currentLine, lineDays } = summary;
  const lines: ReportLine[] = [];
  if (currentLine) {
    lines.push({
      lead: currentLine.lineType ? labelOf(LINE_TYPE_LABELS, currentLine.lineType) : "Central line",
      text: after(
        joined([
          currentLine.insertionSite && labelOf(INSERTION_SITE_LABELS, currentLine.insertionSite),
          `inserted ${readableDate(currentLine.insertionDate)}`,
          `${currentLine.daysIn} ${currentLine.daysIn === 1 ? "day" : "days"} in`,
        ]),
      ),
    });
  }
  if (currentLine) {
    const dressing = currentLine.lastDressing;
    lines.push({
      lead: "Last dressing change: ",
      text: dressing
        ? joined([
            `${readableDate(dressing.date)} (${daysAgoText(dressing.daysAgo)})`,
            dressing.dressingType && labelOf(DRESSING_TYPE_LABELS, dressing.dressingType).toLowerCase(),
          ])
        : "not recorded",
    });
  }
  if (lineDays.catheterDays > 0) {
    const infections = lineDays.bloodstreamInfections;
    lines.push({
      lead: "Infection rate: ",
      text:
        `${(lineDays.infectionRate ?? 0).toFixed(1)} per 1,000 catheter-days (${infections} bloodstream ` +
        `${infections === 1 ? "infection" : "infections"} in ${lineDays.catheterDays} catheter-days)`,
    });
  }
  return {
    heading: "Central line",
    lines,
    empty: "No central line recorded",
    ...(lineDays.catheterDays > 0 ? { note: RATE_NOTE } : {}),
  };
}

/**
 * What to do for a fever while the line is in: the family's threshold, the action, and what the
 * emergency department is asked for (src/domain/fever-plan.ts, with its sources).
 */
function feverPlanBlock(plan: NonNullable<CareSummary["feverPlan"]>): SummaryBlock {
  return {
    heading: FEVER_PLAN.title,
    lines: [
      { lead: "Fever: ", text: `${feverThresholdBoth(plan)} or higher` },
      { lead: "Act now: ", text: plan.action },
      { lead: "Tell the emergency department:", text: "" },
      ...plan.tellThem.map((line) => ({ text: `• ${line}` })),
    ],
    empty: "",
    note: `Sources: ${FEVER_PLAN.sources.map((source) => source.name).join("; ")}.`,
  };
}

/** The latest weight, and length or height when one was measured: what a dose is worked out from. */
function measurementFacts(summary: CareSummary): ReportLine[] {
  const measured = (value: number, unit: string, date: string) =>
    `${numberText(value)} ${unit} (${readableDate(date)})`;
  const { latestWeight: weight, latestHeight: height } = summary;
  return [
    {
      lead: "Weight: ",
      text: weight ? measured(weight.value, VITAL_UNITS.weight, weight.date) : "Not recorded",
    },
    ...(height
      ? [{ lead: `${VITAL_LABELS.height}: `, text: measured(height.value, VITAL_UNITS.height, height.date) }]
      : []),
  ];
}

/** A temperature with its day and time: "38.3 °C Nov 26, 2026 21:40". */
const readingText = (r: TemperatureReading) =>
  `${r.shown} ${[readableDate(r.date), r.time].filter(Boolean).join(" ")}`;

/**
 * The last temperature, saying when it is a fever, and every fever of the last week in the family's
 * unit: what a clinic asks first about a child with a central line.
 */
function temperatureFacts(temperature: NonNullable<CareSummary["temperature"]>): ReportLine[] {
  const { latest, recentFevers } = temperature;
  return [
    {
      lead: "Last temperature: ",
      text: latest
        ? `${latest.shown} (${[readableDate(latest.date), latest.time].filter(Boolean).join(" ")})${latest.fever ? " – fever" : ""}`
        : "Not recorded",
    },
    {
      lead: `Fevers in the last ${SUMMARY_FEVER_DAYS} days (${temperature.threshold} or higher): `,
      text: recentFevers.length ? recentFevers.map(readingText).join("; ") : "none recorded",
    },
  ];
}

/** The number the family gives the clinic: "Maria Lopez (mother), 555-0142". */
function familyContactFacts(contact: CareSummary["familyContact"]): ReportLine[] {
  if (!contact) return [];
  return [{ lead: "Family contact: ", text: [contact.name, contact.phone].filter(Boolean).join(", ") }];
}

/** GIR's usual range, as the note beside a figure outside it says. */
const UNUSUAL_GIR_NOTE = `outside the usual ${USUAL_GIR.min} to ${USUAL_GIR.max} mg/kg/min`;

/**
 * The PN prescription in force: its start and prescriber, the bag over its hours at its rate,
 * what it holds, its additives, and its GIR and kcal per kilogram with the weight they used (which
 * says when it is too old to count on).
 */
function pnPrescriptionBlock(summary: CareSummary): SummaryBlock {
  const pn = summary.pnPrescription;
  const lines: ReportLine[] = pn
    ? [
        {
          lead: `From ${readableDate(pn.startDate)}`,
          text: after(pn.prescriber ? `prescribed by ${pn.prescriber}` : ""),
        },
        { lead: "Infusion: ", text: pn.infusion },
        ...(pn.contents ? [{ lead: "Contents: ", text: pn.contents }] : []),
        ...(pn.energyFactors ? [{ text: `${pn.energyFactors}.` }] : []),
        ...(pn.additives ? [{ lead: "Additives: ", text: pn.additives }] : []),
        {
          lead: "Per kilogram: ",
          text: pn.perKg
            ? `${pn.perKg}${pn.unusualGir ? ` (GIR ${UNUSUAL_GIR_NOTE})` : ""}`
            : "no weight recorded",
        },
        ...(pn.weightUsed ? [{ text: pn.weightUsed }] : []),
      ]
    : [];
  return { heading: "PN prescription", lines, empty: "No PN prescription recorded" };
}

function infectionsBlock(summary: CareSummary): SummaryBlock {
  const shown = summary.infections.slice(0, SUMMARY_INFECTIONS);
  const lines: ReportLine[] = shown.map((i) => ({
    lead: readableDate(i.infectionDate),
    text: after(
      joined([
        labelOf(INFECTION_TYPE_LABELS, i.infectionType),
        i.organism,
        i.outcome && labelOf(OUTCOME_LABELS, i.outcome),
      ]),
    ),
  }));
  const more = summary.infections.length - shown.length;
  if (more > 0) lines.push({ text: `and ${more} earlier (listed under PICC Infections)` });
  return { heading: "Line infections", lines, empty: "No line infections recorded" };
}

function latestTpnBlock(summary: CareSummary): SummaryBlock {
  const tpn = summary.latestTpn;
  const lines: ReportLine[] = tpn
    ? [
        {
          lead: readableDate(tpn.date),
          text: after(
            joined([
              tpn.calories && `${amount(tpn.calories)} kcal`,
              tpn.protein && `Protein ${amount(tpn.protein)} g`,
              tpn.carbohydrates && `Carbohydrates ${amount(tpn.carbohydrates)} g`,
              tpn.fat && `Fat ${amount(tpn.fat)} g`,
              tpn.volume && `Volume ${amount(tpn.volume)} mL`,
              tpn.duration !== null && `Over ${tpn.duration} ${tpn.duration === 1 ? "hour" : "hours"}`,
            ]),
          ),
        },
      ]
    : [];
  return { heading: "Latest TPN", lines, empty: "No TPN entries recorded" };
}

/**
 * Today's balance so far: in and out (per kg), the urine rate, the energy from PN and feeds with
 * the feeds' share, and the team's limits crossed yesterday (care-summary-parts.ts says them).
 */
function fluidBalanceBlock(balance: NonNullable<CareSummary["fluidBalance"]>): SummaryBlock {
  return {
    heading: "Fluid balance today",
    lines: fluidBalanceLines(balance),
    empty: "",
    note:
      "So far today on the family's clock, with last night's PN bag; per kg of the latest weight" +
      (balance.weight ? ` (${numberText(balance.weight.kg)} kg, ${readableDate(balance.weight.date)})` : "") +
      "; urine spread over the hours gone by.",
  };
}

/** Each analyte's latest value when it is abnormal, newest first, with its range and the draw's context. */
function abnormalLabsBlock(labs: NonNullable<CareSummary["abnormalLabs"]>): SummaryBlock {
  return {
    heading: "Latest abnormal lab results",
    lines: labs.results.map((r) => ({
      lead: [readableDate(r.date), r.time].filter(Boolean).join(" "),
      text: after(abnormalResultText(r)),
    })),
    empty: noAbnormalResults(labs.months),
    ...(labs.results.length > 0
      ? {
          note: `Each analyte's latest value of the last ${labs.months} months, when the lab flagged it or it lay outside the lab's range.`,
        }
      : {}),
  };
}

/** The lines of one child's care summary page, in the order an emergency room reads them. */
export function summaryContent(summary: CareSummary): SummaryContent {
  const { child } = summary;
  const facts: ReportLine[] = child
    ? [
        { lead: "Age: ", text: child.age },
        ...(child.dateOfBirth ? [{ lead: "Date of birth: ", text: readableDate(child.dateOfBirth) }] : []),
        { lead: "Diagnosis: ", text: child.diagnosis || "Not recorded" },
        ...measurementFacts(summary),
        ...(summary.temperature ? temperatureFacts(summary.temperature) : []),
        ...familyContactFacts(summary.familyContact),
      ]
    : familyContactFacts(summary.familyContact);
  return {
    title: child?.name ?? "Family records (no child profile yet)",
    facts,
    allergies: {
      heading: "Allergies",
      lines: summary.allergies.map((a) => ({
        lead: `${a.allergen} – ${labelOf(ALLERGY_SEVERITY_LABELS, a.severity)}`,
        text: after(
          joined([a.reaction && `Reaction: ${a.reaction}`, a.treatment && `Treatment: ${a.treatment}`]),
        ),
      })),
      empty: "No allergies recorded",
    },
    blocks: [
      ...(summary.feverPlan ? [feverPlanBlock(summary.feverPlan)] : []),
      {
        heading: "Active medications",
        lines: summary.medications.map((m) => ({
          lead: m.name,
          text: after(
            joined([
              m.dosage,
              m.frequency,
              m.route,
              m.schedule && `Schedule: ${m.schedule}`,
              m.purpose && `for ${m.purpose}`,
              m.lastDose && `Last dose: ${m.lastDose}`,
            ]),
          ),
        })),
        empty: "No active medications recorded",
      },
      ...(summary.child ? [pnPrescriptionBlock(summary)] : []),
      centralLineBlock(summary),
      infectionsBlock(summary),
      latestTpnBlock(summary),
      {
        heading: "Care team",
        lines: summary.careTeam.map((m) => ({
          lead: m.name,
          text: after(
            joined([[m.role, m.specialty, m.hospital].filter(Boolean).join(", "), m.phone, m.email]),
          ),
        })),
        empty: "No care team contacts recorded",
      },
      {
        heading: "Infusion center",
        lines: summary.infusionCenters.map((c) => ({
          lead: c.name,
          text: after(joined([c.phone, c.contactPerson && `Contact: ${c.contactPerson}`, c.address])),
        })),
        empty: "No infusion center recorded",
      },
      // After the emergency part: what the clinic asks about next.
      ...(summary.fluidBalance ? [fluidBalanceBlock(summary.fluidBalance)] : []),
      ...(summary.abnormalLabs ? [abnormalLabsBlock(summary.abnormalLabs)] : []),
    ],
  };
}
