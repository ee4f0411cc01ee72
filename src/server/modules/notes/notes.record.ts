import { NOTE_CATEGORY_LABELS, NOTE_PRIORITY_LABELS, noteInput, noteRecord } from "../../../domain/notes";
import { notesType } from "../../../domain/record-types/notes";
import { notes } from "../../db/schema/index";
import { declareRecordType } from "../record-type-declaration";

/** The server's part of this record type (its shared part: src/domain/record-types/notes.ts). */
export const notesRecordType = declareRecordType(notesType, {
  table: notes,
  childScope: "withUnlinked",
  title: "Notes",
  input: noteInput,
  record: noteRecord,
  api: {
    collection: "/api/notes",
    update: ["PATCH"],
    example: (f) => ({ childId: f.id("children"), title: "Night", content: "Calm" }),
  },
  fhir: { none: "A family's notes are their own words, not a clinical resource of their own." },
  readable: {
    codes: { category: NOTE_CATEGORY_LABELS, priority: NOTE_PRIORITY_LABELS },
  },
});
