import type { Encounter, Resource } from "@medplum/fhirtypes";
import type { specialistVisits } from "../../db/schema";
import type { Links } from "../../lib/fhir/link-type";
import { dateTime, localMoment, opt, type Row, TERMINOLOGY, text } from "../../lib/fhir/values";

/** R4's Encounter has no note: a visit's notes and follow-up stay in the JSON export. */
export function visit(row: Row<typeof specialistVisits>, links: Links): Resource[] {
  const past = row.time
    ? localMoment(row.date, row.time, links.timeZone) <= links.exportedAt
    : row.date < links.today;
  const resource: Encounter = {
    resourceType: "Encounter",
    id: row.id,
    status: past ? "finished" : "planned",
    class: { system: `${TERMINOLOGY}/v3-ActCode`, code: "AMB", display: "ambulatory" },
    serviceType: text(row.specialty),
    subject: links.patient(row.childId),
    participant: [{ individual: { display: row.doctorName } }],
    period: { start: dateTime(row.date, row.time, links.timeZone) },
    reasonCode: [text(row.purpose)],
    location: [{ location: { display: opt(row.location) } }],
  };
  return [resource];
}
