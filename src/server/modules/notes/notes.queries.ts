import { ownedRecords } from "../../lib/owned-records";
import { recordType } from "../record-types";

export const noteRecords = ownedRecords({
  ...recordType("notes"),
  paged: {},
  summary: (row) => row.title,
});
