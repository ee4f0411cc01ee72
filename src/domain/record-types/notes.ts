import { sharedRecordType } from "./declaration";

export const notesType = sharedRecordType({
  entity: "note",
  activity: {
    note: { label: "note" },
  },
  nav: { label: "Notes", href: "/notes", icon: "StickyNote", place: 140 },
});
