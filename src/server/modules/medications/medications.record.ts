import { type Schedule, scheduleInWords } from "../../../domain/doses";
import { isMedicationActive } from "../../../domain/medication-status";
import { medicationInput, medicationRecord } from "../../../domain/medications";
import { medicationsType } from "../../../domain/record-types/medications";
import { medications } from "../../db/schema/index";
import { declareRecordType } from "../record-type-declaration";
import { medication } from "./medications.fhir";

/** The server's part of this record type (its shared part: src/domain/record-types/medications.ts). */
export const medicationsRecordType = declareRecordType(medicationsType, {
  table: medications,
  childScope: "withUnlinked",
  title: "Medications",
  input: medicationInput,
  record: medicationRecord,
  computed: ["lastDose", "nextDueAt", "missedDoses"],
  readable: {
    // A medication's schedule is one sentence: "08:00, 20:00", "Every 6 hours", "As needed, at
    // least 6 hours apart", as on its card.
    saidElsewhere: ["scheduleTimes", "intervalHours"],
    texts: {
      scheduleKind: (row) =>
        scheduleInWords({
          scheduleKind: (row.scheduleKind as Schedule["scheduleKind"]) ?? null,
          scheduleTimes: (row.scheduleTimes as string[] | null) ?? null,
          intervalHours:
            row.intervalHours === null || row.intervalHours === undefined ? null : Number(row.intervalHours),
        }),
      // Marked active but past its end date: no longer taken, as on its card and in the care summary.
      isActive: (row) =>
        isMedicationActive({
          isActive: row.isActive === "false" ? "false" : "true",
          endDate: (row.endDate as string | null) ?? null,
        })
          ? "Yes"
          : "No",
    },
  },
  api: {
    collection: "/api/medications",
    update: ["PATCH"],
    example: (f) => ({
      childId: f.id("children"),
      name: "Ursodiol",
      dosage: "60 mg",
      frequency: "Twice daily",
    }),
  },
  fhir: { resources: medication },
});
