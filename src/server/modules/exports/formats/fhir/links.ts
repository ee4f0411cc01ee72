import type { Patient, Reference } from "@medplum/fhirtypes";
import { todayIn } from "../../../../../domain/clock";
import type { ExportContext } from "../../export-model";
import { urn } from "./values";

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
}

/**
 * Records linked to no child go to the export's only patient: the chosen child, or the family's
 * one child. With several children and none chosen (or no child at all) there is nobody to name,
 * so the resources that need their patient (an allergy, a medication) are left out and the bundle
 * ends with a notice saying how many; observations and visits, whose subject FHIR allows to be
 * unknown, stay in.
 */
export async function exportLinks(context: ExportContext): Promise<Links> {
  const childIds = [...(await context.childNames()).keys()];
  // A chosen child is the only one in the bundle (or none, if it is not the family's).
  const only = context.scope.childId
    ? childIds.find((id) => id === context.scope.childId)
    : childIds.length === 1
      ? childIds[0]
      : undefined;
  const onlyPatient = only ? { reference: urn(only) } : undefined;
  const { medications } = await context.linkNames();
  return {
    medicationName: (id) => medications.get(id),
    patient: (childId) => (childId ? { reference: urn(childId) } : onlyPatient),
    onlyPatient,
    familyId: context.familyId,
    exportedAt: context.exportedAt,
    timeZone: context.timeZone,
    today: todayIn(context.timeZone, context.exportedAt),
  };
}
