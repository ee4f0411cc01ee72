import { careTaskEventsType } from "../../../domain/record-types/care-task-events";
import { careTasksType } from "../../../domain/record-types/care-tasks";
import {
  careTaskEventInput,
  careTaskEventRecord,
  careTaskInput,
  careTaskRecord,
  careTaskRestoreInput,
} from "../../../domain/task-records";
import { careTaskEvents, careTasks } from "../../db/schema/index";
import { declareRecordType } from "../record-type-declaration";

/** The server's part of this record type (its shared part: src/domain/record-types/care-tasks.ts). */
export const careTasksRecordType = declareRecordType(careTasksType, {
  table: careTasks,
  childScope: "withUnlinked",
  title: "Care Tasks",
  input: careTaskInput,
  restoreInput: careTaskRestoreInput,
  record: careTaskRecord,
  api: {
    collection: "/api/tasks",
    update: ["PATCH"],
    example: (f) => ({ childId: f.id("children"), title: "Eye drops", intervalHours: 8 }),
  },
  fhir: { none: "A care task is the family's own reminder, not a clinical record." },
});

/** The server's part of this record type (its shared part: src/domain/record-types/care-task-events.ts). */
export const careTaskEventsRecordType = declareRecordType(careTaskEventsType, {
  table: careTaskEvents,
  childScope: "withUnlinked",
  title: "Care Tasks Done",
  dateKey: "date",
  input: careTaskEventInput,
  record: careTaskEventRecord,
  api: {
    none: "Written when a task is marked done (POST /api/tasks/:id/done) and read in its history (GET /api/tasks/:id/history).",
  },
  fhir: {
    none: "A task done is the family's own log; the care itself is exported as its record (line care, doses).",
  },
});
