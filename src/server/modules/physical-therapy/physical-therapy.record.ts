import { physicalTherapySessionInput, physicalTherapySessionRecord } from "../../../domain/physical-therapy";
import { physicalTherapySessionsType } from "../../../domain/record-types/physical-therapy-sessions";
import { physicalTherapySessions } from "../../db/schema/index";
import { declareRecordType } from "../record-type-declaration";

/** The server's part of this record type (its shared part: src/domain/record-types/physical-therapy-sessions.ts). */
export const physicalTherapySessionsRecordType = declareRecordType(physicalTherapySessionsType, {
  table: physicalTherapySessions,
  childScope: "withUnlinked",
  title: "Physical Therapy",
  dateKey: "date",
  input: physicalTherapySessionInput,
  record: physicalTherapySessionRecord,
  readable: { labels: { duration: "Duration (minutes)" } },
  api: {
    collection: "/api/physical-therapy",
    update: ["PATCH"],
    example: (f) => ({ childId: f.id("children"), date: f.today, therapist: "Jo" }),
  },
  fhir: { none: "No clinical resource of its own here: a session is the family's log of therapy." },
});
