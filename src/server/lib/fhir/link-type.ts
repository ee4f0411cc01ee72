import type { Patient, Reference } from "@medplum/fhirtypes";

/** Who a resource is about, and what the export knows when it maps a row. */
export interface Links {
  /** The Patient a record belongs to: its child's, else the export's only patient, else none. */
  patient(childId: string | null): Reference<Patient> | undefined;
  /** The export's only patient (the chosen child, or the family's one child), if there is one. */
  onlyPatient: Reference<Patient> | undefined;
  familyId: string;
  exportedAt: Date;
  /** The family's zone: a record's time means that time there. */
  timeZone: string;
  /** The family's date when the export was made. */
  today: string;
  /** A medication's name, by its id: a dose names what was given. */
  medicationName(id: string): string | undefined;
  /** A lab test's name (of the Lab Tests screen), by its id: a lab result's report is named by it. */
  labTestName?(id: string): string | undefined;
}
