import { todayIn } from "../../../../../domain/clock";
import type { Links } from "../../../../lib/fhir/link-type";
import { urn } from "../../../../lib/fhir/values";
import type { ExportContext } from "../../export-model";

export type { Links };

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
  const { medications, labTests } = await context.linkNames();
  return {
    medicationName: (id) => medications.get(id),
    labTestName: (id) => labTests.get(id),
    patient: (childId) => (childId ? { reference: urn(childId) } : onlyPatient),
    onlyPatient,
    familyId: context.familyId,
    exportedAt: context.exportedAt,
    timeZone: context.timeZone,
    today: todayIn(context.timeZone, context.exportedAt),
  };
}
