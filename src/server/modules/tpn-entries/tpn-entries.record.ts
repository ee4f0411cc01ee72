import { tpnEntriesType } from "../../../domain/record-types/tpn-entries";
import { PRESCRIPTION_OF_ANOTHER_CHILD, tpnEntryInput, tpnEntryRecord } from "../../../domain/tpn";
import { tpnEntries } from "../../db/schema/index";
import { declareRecordType } from "../record-type-declaration";
import { tpnEntry } from "./tpn-entries.fhir";

/** The server's part of this record type (its shared part: src/domain/record-types/tpn-entries.ts). */
export const tpnEntriesRecordType = declareRecordType(tpnEntriesType, {
  table: tpnEntries,
  childScope: "exact",
  title: "TPN Entries",
  dateKey: "date",
  input: tpnEntryInput,
  record: tpnEntryRecord,
  onDashboard: true,
  computed: ["suppliesDrawn"],
  readable: { labels: { duration: "Duration (hours)" } },
  restore: {
    // The API's rule: a bag follows a prescription of its own child.
    check: (row, linked) =>
      typeof row.pnPrescriptionId === "string" && linked(row.pnPrescriptionId)?.childId !== row.childId
        ? { path: "pnPrescriptionId", message: PRESCRIPTION_OF_ANOTHER_CHILD }
        : undefined,
  },
  api: {
    collection: "/api/tpn",
    update: ["PUT"],
    example: (f) => ({ childId: f.id("children"), date: f.today, volume: "1200", duration: 12 }),
  },
  fhir: { resources: tpnEntry },
});
