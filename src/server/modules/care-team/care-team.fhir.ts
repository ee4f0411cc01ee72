import type { CareTeam, CareTeamParticipant, Practitioner, Resource } from "@medplum/fhirtypes";
import type { careTeamMembers } from "../../db/schema";
import type { Links } from "../../lib/fhir/link-type";
import { namedUuid, opt, type Row, text, urn } from "../../lib/fhir/values";

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
export async function* careTeam(
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
    id: namedUuid(links.familyId, "care-team"),
    status: "active",
    name: "Care team",
    // The team is the family's: it is one child's only when the bundle holds one child.
    subject: links.onlyPatient,
    participant,
  };
  yield team;
}
