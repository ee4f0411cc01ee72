import { getISOWeek, getISOWeekYear } from "date-fns";

/** The five weekly reminders (spec section 2). */
export const SUPPLY_REMINDERS = [
  { id: "delivery", text: "Verify that the delivery matches the order" },
  { id: "expiry", text: "Check expiration dates" },
  { id: "counts", text: "Update the inventory counts" },
  { id: "damaged", text: "Note damaged or missing items" },
  { id: "next-week", text: "Review next week's needs" },
] as const;

/** Spec section 9: the reminder banner shows on day of week 1 (Monday). */
export const SUPPLY_CHECK_DAY = 1;
export const isSupplyCheckDay = (now: Date) => now.getDay() === SUPPLY_CHECK_DAY;

/** The checklist's ticks last a week: "2026-W48". */
export const weekKey = (now: Date) => `${getISOWeekYear(now)}-W${String(getISOWeek(now)).padStart(2, "0")}`;

/** Spec section 9: the first 3 low-stock names, then '+N more'. Null when nothing is low. */
export function lowStockSummary(names: readonly string[], shown = 3): string | null {
  if (names.length === 0) return null;
  const first = names.slice(0, shown).join(", ");
  return names.length > shown ? `${first} +${names.length - shown} more` : first;
}
