import { notes } from "../../db/schema/index";
import { ownedRecords } from "../../lib/owned-records";

export const noteRecords = ownedRecords({
  entity: "note",
  paged: {},
  table: notes,
  childScope: "withUnlinked",
  summary: (row) => row.title,
});
