import { NOTE_CATEGORY_LABELS, NOTE_PRIORITY_LABELS } from "../notes";
import { sharedRecordType } from "./declaration";

export const notesType = sharedRecordType({
  entity: "note",
  activity: {
    note: { label: "note" },
  },
  nav: { label: "Notes", href: "/notes", icon: "StickyNote", place: 140 },
  codes: { category: NOTE_CATEGORY_LABELS, priority: NOTE_PRIORITY_LABELS },
});
