import { today as localToday } from "./dates";
import type { Medication } from "./medications";

/**
 * Whether a medication is taken now: marked active, and not past its end date (the end day
 * itself still counts). Every screen that shows a medication as active asks this.
 */
export function isMedicationActive(
  medication: Pick<Medication, "isActive" | "endDate">,
  today: string = localToday(),
): boolean {
  return medication.isActive !== "false" && (!medication.endDate || medication.endDate >= today);
}
