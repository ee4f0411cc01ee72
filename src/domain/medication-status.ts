import { today as localToday } from "./dates";

/**
 * Whether a medication is taken now: marked active, and not past its end date (the end day
 * itself still counts). Every screen that shows a medication as active asks this.
 */
export function isMedicationActive(
  medication: { isActive: "true" | "false"; endDate: string | null },
  today: string = localToday(),
): boolean {
  return medication.isActive !== "false" && (!medication.endDate || medication.endDate >= today);
}
