import { createHash, randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import type {
  AllergyIntolerance,
  Annotation,
  CareTeam,
  CareTeamParticipant,
  CodeableConcept,
  Condition,
  Encounter,
  MedicationStatement,
  Observation,
  ObservationComponent,
  OperationOutcome,
  Patient,
  Practitioner,
  Procedure,
  Reference,
  Resource,
} from "@medplum/fhirtypes";
import { format } from "date-fns";
import { today } from "../../../../domain/dates";
import type { LabStatus } from "../../../../domain/labs";
import { isMedicationActive } from "../../../../domain/medications";
import type { InfectionType, InsertionSite, LineType } from "../../../../domain/picc";
import type {
  careTeamMembers,
  children,
  labTests,
  medicalAllergies,
  medications,
  piccInfections,
  piccLines,
  specialistVisits,
  symptomEntries,
  tpnEntries,
} from "../../../db/schema";
import type { ExportContext, ExportFormatter } from "../export-model";
import type { SectionName } from "../export-sections";

/** A section's row as `context.rows` yields it: the table's columns without the owner. */
type Row<T extends { $inferSelect: object }> = Omit<T["$inferSelect"], "userId">;

interface Links {
  /** The Patient a record belongs to: its child's, else the export's only patient, else none. */
  patient(childId: string | null): Reference<Patient> | undefined;
  /** The export's only patient (the chosen child, or the family's one child), if there is one. */
  onlyPatient: Reference<Patient> | undefined;
  ownerId: string;
  exportedAt: Date;
  today: string;
}

const TERMINOLOGY = "http://terminology.hl7.org/CodeSystem";
const UCUM = "http://unitsofmeasure.org";
const urn = (id: string) => `urn:uuid:${id}`;
const opt = <T>(value: T | null) => value ?? undefined;
const text = (value: string | null | undefined): CodeableConcept => ({ text: value ?? undefined });
const coded = (system: string, code: string, display: string): CodeableConcept => ({
  coding: [{ system, code, display }],
});
const category = (code: string, display: string) => [
  coded(`${TERMINOLOGY}/observation-category`, code, display),
];
const annotations = (...texts: (string | false | null | undefined)[]): Annotation[] =>
  texts.filter((t): t is string => Boolean(t)).map((t) => ({ text: t }));

/** A UUID named by its parts (the same on every export), for resources no single row stands for. */
function namedUuid(...parts: string[]): string {
  const h = createHash("sha256").update(parts.join("\n")).digest("hex");
  const variant = ((Number.parseInt(h[16]!, 16) & 3) | 8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * A record's day and 'HH:mm' as one moment. The app keeps no time zone with a time and reads days
 * in the server's local calendar (`today()`), so the server's offset is the one it means.
 */
function localMoment(date: string, time: string | null): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const [h, min] = (time ?? "00:00").split(":").map(Number) as [number, number];
  return new Date(y, m - 1, d, h, min);
}
const dateTime = (date: string, time: string | null) =>
  time ? format(localMoment(date, time), "yyyy-MM-dd'T'HH:mm:ssxxx") : date;

/**
 * FHIR has no empty values (no null, "", [] or {}: ele-1), so resources are written plainly, with
 * the row's nulls, and pruned once here rather than guarded field by field.
 */
function pruned(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === "string") return value.trim() === "" ? undefined : value;
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (Array.isArray(value)) {
    const items = value.map(pruned).filter((v) => v !== undefined);
    return items.length > 0 ? items : undefined;
  }
  if (typeof value === "object") {
    const fields = Object.entries(value).flatMap(([k, v]) => {
      const kept = pruned(v);
      return kept === undefined ? [] : [[k, kept] as const];
    });
    return fields.length > 0 ? Object.fromEntries(fields) : undefined;
  }
  return value;
}

/** 'Sam Rivera': the last word as the family name, the others as given names, as best one string allows. */
function patient(child: Row<typeof children>, links: Links): Resource[] {
  const words = child.name.trim().split(/\s+/);
  const family = words.length > 1 ? words.at(-1) : undefined;
  const resource: Patient = {
    resourceType: "Patient",
    id: child.id,
    active: child.isActive === 1,
    name: [{ text: child.name, family, given: family ? words.slice(0, -1) : words }],
    gender: child.gender ?? "unknown",
    birthDate: opt(child.dateOfBirth),
  };
  if (!child.medicalDiagnosis) return [resource];
  // The diagnosis is the first thing a clinician reading the bundle needs; FHIR keeps it as a Condition.
  const diagnosis: Condition = {
    resourceType: "Condition",
    id: namedUuid(links.ownerId, "diagnosis", child.id),
    clinicalStatus: coded(`${TERMINOLOGY}/condition-clinical`, "active", "Active"),
    category: [coded(`${TERMINOLOGY}/condition-category`, "problem-list-item", "Problem List Item")],
    code: text(child.medicalDiagnosis),
    subject: { reference: urn(child.id) },
  };
  return [resource, diagnosis];
}

function allergy(row: Row<typeof medicalAllergies>, links: Links): Resource[] {
  const subject = links.patient(row.childId);
  if (!subject) return [];
  const resource: AllergyIntolerance = {
    resourceType: "AllergyIntolerance",
    id: row.id,
    clinicalStatus: coded(`${TERMINOLOGY}/allergyintolerance-clinical`, "active", "Active"),
    criticality: row.severity === "severe" || row.severity === "life-threatening" ? "high" : "low",
    code: text(row.allergen),
    patient: subject,
    onsetDateTime: opt(row.dateDiscovered),
    // FHIR's reaction severity stops at 'severe'; criticality above says it can be life-threatening.
    reaction: [
      {
        manifestation: [text(row.reaction)],
        severity: row.severity === "life-threatening" ? "severe" : row.severity,
      },
    ],
    note: annotations(row.treatment && `Treatment: ${row.treatment}`, row.notes),
  };
  return [resource];
}

function medication(row: Row<typeof medications>, links: Links): Resource[] {
  const subject = links.patient(row.childId);
  if (!subject) return [];
  const resource: MedicationStatement = {
    resourceType: "MedicationStatement",
    id: row.id,
    status: isMedicationActive(row, links.today) ? "active" : "stopped",
    medicationCodeableConcept: text(row.name),
    subject,
    effectivePeriod: { start: opt(row.startDate), end: opt(row.endDate) },
    reasonCode: [text(row.purpose)],
    dosage: [{ text: `${row.dosage} ${row.frequency}`, patientInstruction: opt(row.instructions) }],
    note: annotations(
      row.prescribedBy && `Prescribed by ${row.prescribedBy}`,
      row.sideEffects.length > 0 && `Side effects: ${row.sideEffects.join(", ")}`,
      row.notes,
    ),
  };
  return [resource];
}

const LAB_STATUS: Record<LabStatus, Observation["status"]> = {
  pending: "registered",
  completed: "final",
  reviewed: "final",
};
/** '12.1 g/dL' -> 12.1 and 'g/dL'; '1,200', '120/80' or '<5' do not read as one quantity and stay text. */
const LEADING_NUMBER = /^([-+]?\d+(?:\.\d+)?)(?:\s*([^\s\d,./:(<>=-].*))?$/s;

function labTest(row: Row<typeof labTests>, links: Links): Resource[] {
  const quantity = row.results ? LEADING_NUMBER.exec(row.results.trim()) : null;
  const resource: Observation = {
    resourceType: "Observation",
    id: row.id,
    status: LAB_STATUS[row.status],
    category: category("laboratory", "Laboratory"),
    code: text(row.testName),
    subject: links.patient(row.childId),
    effectiveDateTime: row.date,
    ...(quantity
      ? { valueQuantity: { value: Number(quantity[1]), unit: quantity[2]?.trim() } }
      : { valueString: opt(row.results) }),
    referenceRange: [{ text: opt(row.normalRange) }],
    note: annotations(row.orderedBy && `Ordered by ${row.orderedBy}`, row.notes),
  };
  return [resource];
}

function symptoms(row: Row<typeof symptomEntries>, links: Links): Resource[] {
  const component: ObservationComponent[] = [];
  if (row.painLevel !== null) {
    component.push({
      code: {
        coding: [
          {
            system: "http://loinc.org",
            code: "72514-3",
            display: "Pain severity - 0-10 verbal numeric rating [Score] - Reported",
          },
        ],
        text: "Pain level",
      },
      valueInteger: row.painLevel,
    });
  }
  if (row.severity) component.push({ code: text("Severity"), valueString: row.severity });
  const resource: Observation = {
    resourceType: "Observation",
    id: row.id,
    status: "final",
    // What the parent saw and reported, not a clinician's examination.
    category: category("survey", "Survey"),
    code: text("Symptoms"),
    subject: links.patient(row.childId),
    effectiveDateTime: dateTime(row.date, row.time),
    valueString: row.symptoms.join(", "),
    component,
    note: annotations(
      row.triggers && `Triggers: ${row.triggers}`,
      row.treatments && `Treatments: ${row.treatments}`,
      row.notes,
    ),
  };
  return [resource];
}

/** The TPN amounts with their UCUM units (the columns' labels say kcal, g and mL). */
const TPN_AMOUNTS = [
  ["calories", "Calories", "kcal"],
  ["protein", "Protein", "g"],
  ["carbohydrates", "Carbohydrates", "g"],
  ["fat", "Fat", "g"],
  ["volume", "Volume", "mL"],
] as const;

function tpnEntry(row: Row<typeof tpnEntries>, links: Links): Resource[] {
  const quantity = (value: number, code: string) => ({ value, unit: code, system: UCUM, code });
  const component: ObservationComponent[] = TPN_AMOUNTS.flatMap(([key, label, unit]) => {
    const value = row[key];
    return value === null ? [] : [{ code: text(label), valueQuantity: quantity(Number(value), unit) }];
  });
  if (row.duration !== null)
    component.push({ code: text("Duration"), valueQuantity: quantity(row.duration, "h") });
  const resource: Observation = {
    resourceType: "Observation",
    id: row.id,
    status: "final",
    category: category("therapy", "Therapy"),
    code: text("Parenteral nutrition"),
    subject: links.patient(row.childId),
    effectiveDateTime: row.date,
    component,
    note: annotations(row.notes),
  };
  return [resource];
}

/** R4's Encounter has no note: a visit's notes and follow-up stay in the JSON export. */
function visit(row: Row<typeof specialistVisits>, links: Links): Resource[] {
  const past = row.time ? localMoment(row.date, row.time) <= links.exportedAt : row.date < links.today;
  const resource: Encounter = {
    resourceType: "Encounter",
    id: row.id,
    status: past ? "finished" : "planned",
    class: { system: `${TERMINOLOGY}/v3-ActCode`, code: "AMB", display: "ambulatory" },
    serviceType: text(row.specialty),
    subject: links.patient(row.childId),
    participant: [{ individual: { display: row.doctorName } }],
    period: { start: dateTime(row.date, row.time) },
    reasonCode: [text(row.purpose)],
    location: [{ location: { display: opt(row.location) } }],
  };
  return [resource];
}

const INFECTION_TEXT: Record<InfectionType, string> = {
  bloodstream: "Bloodstream infection (central line)",
  "exit-site": "Exit site infection (central line)",
  tunnel: "Tunnel infection (central line)",
  "catheter-related": "Catheter-related infection (central line)",
  other: "Central line infection",
};

function infection(row: Row<typeof piccInfections>, links: Links): Resource[] {
  const subject = links.patient(row.childId);
  if (!subject) return [];
  const resolved = row.outcome === "resolved";
  const resource: Condition = {
    resourceType: "Condition",
    id: row.id,
    clinicalStatus: coded(
      `${TERMINOLOGY}/condition-clinical`,
      resolved ? "resolved" : "active",
      resolved ? "Resolved" : "Active",
    ),
    code: text(INFECTION_TEXT[row.infectionType]),
    subject,
    onsetDateTime: row.infectionDate,
    // con-4: only a resolved condition may say when it abated.
    abatementDateTime: resolved ? opt(row.treatmentEndDate) : undefined,
    note: annotations(
      row.organism && `Organism: ${row.organism}`,
      row.symptoms && `Symptoms: ${row.symptoms}`,
      row.antibiotics && `Antibiotics: ${row.antibiotics}`,
      row.treatmentMethod && `Treatment: ${row.treatmentMethod}`,
      row.outcome && `Outcome: ${row.outcome}`,
      row.hospitalAdmission &&
        `Admitted to hospital${row.admissionDuration ? ` (${row.admissionDuration})` : ""}`,
      row.notes,
    ),
  };
  return [resource];
}

const SITE_TEXT: Record<InsertionSite, string> = {
  "right-arm": "Right arm",
  "left-arm": "Left arm",
  "right-leg": "Right leg",
  "left-leg": "Left leg",
  chest: "Chest",
  other: "Other",
};
const LINE_TEXT: Record<LineType, string> = {
  "single-lumen": "Single-lumen PICC",
  "double-lumen": "Double-lumen PICC",
  "triple-lumen": "Triple-lumen PICC",
  "power-picc": "Power PICC",
};

/**
 * A PICC line as the Procedure that placed it, not a Device: the record is an insertion with a
 * date, site, inserter and removal, which Procedure holds (performedPeriod, bodySite, performer),
 * while an R4 Device describes the object itself (maker, lot, serial) that the app never records.
 */
function piccLine(row: Row<typeof piccLines>, links: Links): Resource[] {
  const subject = links.patient(row.childId);
  if (!subject) return [];
  const resource: Procedure = {
    resourceType: "Procedure",
    id: row.id,
    status: "completed",
    code: text("PICC line insertion"),
    subject,
    performedPeriod: { start: row.insertionDate, end: opt(row.removalDate) },
    bodySite: [text(row.insertionSite && SITE_TEXT[row.insertionSite])],
    performer: [{ actor: { display: opt(row.insertedBy) } }],
    usedCode: [text(row.lineType && LINE_TEXT[row.lineType])],
    complication: [text(row.complications)],
    note: annotations(row.removalReason && `Removal reason: ${row.removalReason}`, row.notes),
  };
  return [resource];
}

function practitioner(row: Row<typeof careTeamMembers>): Practitioner {
  return {
    resourceType: "Practitioner",
    id: row.id,
    name: [{ text: row.name }],
    telecom: [
      { system: "phone", value: opt(row.phone), use: "work" },
      { system: "email", value: opt(row.email), use: "work" },
    ],
  };
}

/**
 * The care team: each member as a Practitioner (their phone and email), then one CareTeam naming
 * them. Only the members' references are kept until the team is written: a family's care team is
 * a handful of people, whatever the length of its history.
 */
async function* careTeam(
  rows: AsyncGenerator<Record<string, unknown>>,
  links: Links,
): AsyncGenerator<Resource> {
  const participant: CareTeamParticipant[] = [];
  for await (const row of rows) {
    const member = row as Row<typeof careTeamMembers>;
    yield practitioner(member);
    participant.push({
      role: [text(member.role), text(member.specialty)],
      member: { reference: urn(member.id), display: member.name },
      onBehalfOf: { display: opt(member.hospital) },
    });
  }
  if (participant.length === 0) return;
  const team: CareTeam = {
    resourceType: "CareTeam",
    id: namedUuid(links.ownerId, "care-team"),
    status: "active",
    name: "Care team",
    // The team is the family's: it is one child's only when the bundle holds one child.
    subject: links.onlyPatient,
    participant,
  };
  yield team;
}

type Mapper = (row: Record<string, unknown>, links: Links) => Resource[];
/** Each row becomes its resources; none means the row was left out (see `leftOutNotice`). */
const MAPPERS: Partial<Record<SectionName, Mapper>> = {
  children: patient as Mapper,
  tpnEntries: tpnEntry as Mapper,
  piccLines: piccLine as Mapper,
  piccInfections: infection as Mapper,
  specialistVisits: visit as Mapper,
  labTests: labTest as Mapper,
  symptomEntries: symptoms as Mapper,
  medicalAllergies: allergy as Mapper,
  medications: medication as Mapper,
};

/**
 * Records linked to no child go to the export's only patient: the chosen child, or the family's
 * one child. With several children and none chosen (or no child at all) there is nobody to name, so the resources that
 * need their patient (an allergy, a medication) are left out and the bundle ends with a notice
 * saying how many; observations and visits, whose subject FHIR allows to be unknown, stay in.
 */
async function exportLinks(context: ExportContext): Promise<Links> {
  const childIds = [...(await context.childNames()).keys()];
  // A chosen child is the only one in the bundle (or none, if it is not the family's).
  const only = context.scope.childId
    ? childIds.find((id) => id === context.scope.childId)
    : childIds.length === 1
      ? childIds[0]
      : undefined;
  const onlyPatient = only ? { reference: urn(only) } : undefined;
  return {
    patient: (childId) => (childId ? { reference: urn(childId) } : onlyPatient),
    onlyPatient,
    ownerId: context.ownerId,
    exportedAt: context.exportedAt,
    today: today(context.exportedAt),
  };
}

function leftOutNotice(leftOut: Map<string, number>): OperationOutcome {
  const counts = [...leftOut].map(([title, n]) => `${title}: ${n}`).join("; ");
  return {
    resourceType: "OperationOutcome",
    id: randomUUID(),
    issue: [
      {
        severity: "information",
        code: "informational",
        diagnostics: `Records linked to no child were left out: FHIR needs their patient, and no single child could be named (${counts}).`,
      },
    ],
  };
}

async function* resources(context: ExportContext): AsyncGenerator<Resource> {
  const links = await exportLinks(context);
  const leftOut = new Map<string, number>();
  for (const section of context.sections) {
    if (section.name === "careTeamMembers") {
      yield* careTeam(context.rows(section), links);
      continue;
    }
    const map = MAPPERS[section.name];
    if (!map) continue; // supplies, notes, photos, food diary, therapy: no clinical resource of their own here
    for await (const row of context.rows(section)) {
      const mapped = map(row, links);
      if (mapped.length === 0) leftOut.set(section.title, (leftOut.get(section.title) ?? 0) + 1);
      yield* mapped;
    }
  }
  if (leftOut.size > 0) yield leftOutNotice(leftOut);
}

/**
 * The family's records as a FHIR R4 Bundle of type 'collection', written an entry at a time as the
 * rows are read, so a ten-year history never sits in memory. Each resource keeps its record's id,
 * and its fullUrl ('urn:uuid:<id>') is what the other resources reference.
 */
export const fhirExport: ExportFormatter = {
  format: "fhir",
  contentType: "application/fhir+json; charset=utf-8",
  extension: "fhir.json",
  render(context) {
    async function* body() {
      yield `{"resourceType":"Bundle","type":"collection","timestamp":${JSON.stringify(context.exportedAt.toISOString())}`;
      let count = 0;
      for await (const resource of resources(context)) {
        const entry = { fullUrl: urn(resource.id!), resource: pruned(resource) };
        // An empty account has no entries: FHIR allows no empty array, so "entry" opens with the first.
        yield `${count === 0 ? ',"entry":[' : ","}${JSON.stringify(entry)}`;
        count += 1;
      }
      yield count === 0 ? "}\n" : "]}\n";
    }
    return Readable.from(body());
  },
};
