import { useQuery } from "@tanstack/react-query";
import { CalendarCheck, ClipboardCheck, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { lowStockQueryOptions } from "@/client/lib/low-stock";
import { isSupplyCheckDay, lowStockSummary, SUPPLY_REMINDERS, weekKey } from "../supply-checklist";
import { CardLink, DashboardCard } from "./dashboard-card";

const STORAGE_KEY = "mct.supplyChecklist";

/** Which reminders are ticked this week, kept in this browser only. */
function useWeeklyChecks(now: Date) {
  const week = weekKey(now);
  const [checked, setChecked] = useState<string[]>(() => {
    try {
      const stored = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? "null") as {
        week: string;
        checked: string[];
      } | null;
      return stored?.week === week ? stored.checked : [];
    } catch {
      return [];
    }
  });
  const toggle = (id: string) => {
    const next = checked.includes(id) ? checked.filter((c) => c !== id) : [...checked, id];
    setChecked(next);
    try {
      window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ week, checked: next }));
    } catch {
      // Private browsing without storage: the ticks last for this visit.
    }
  };
  return { checked, toggle };
}

/** The weekly supply check: five reminders, the Monday banner and the supplies running low. */
export function SupplyChecklistCard({ now = new Date() }: { now?: Date }) {
  const lowStock = useQuery(lowStockQueryOptions);
  const { checked, toggle } = useWeeklyChecks(now);
  const low = lowStockSummary((lowStock.data ?? []).map((s) => s.name));
  return (
    <DashboardCard
      title="TPN Supply Checklist"
      icon={ClipboardCheck}
      tint="bg-violet-50 text-violet-700"
      href="/tpn-supplies"
      linkLabel="All supplies"
    >
      <div className="flex flex-col gap-3">
        {isSupplyCheckDay(now) ? (
          <p className="flex items-center gap-2 rounded-lg border border-violet-200 bg-violet-50 px-3 py-2 text-sm text-violet-900">
            <CalendarCheck aria-hidden="true" className="size-4 shrink-0" />
            It's Monday: time for the weekly supply check.
          </p>
        ) : null}
        {low ? (
          <p
            role="status"
            className="flex items-start gap-2 rounded-lg border border-orange-300 bg-orange-50 px-3 py-2 text-orange-950 text-sm"
          >
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-orange-600" />
            <span>
              Running low: {low} <CardLink href="/tpn-supplies">Reorder</CardLink>
            </span>
          </p>
        ) : null}
        <ul className="flex flex-col gap-1">
          {SUPPLY_REMINDERS.map((reminder) => (
            <li key={reminder.id}>
              <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 hover:bg-muted">
                <input
                  type="checkbox"
                  className="size-5 accent-primary"
                  checked={checked.includes(reminder.id)}
                  onChange={() => toggle(reminder.id)}
                />
                <span
                  className={checked.includes(reminder.id) ? "text-muted-foreground line-through" : undefined}
                >
                  {reminder.text}
                </span>
              </label>
            </li>
          ))}
        </ul>
      </div>
    </DashboardCard>
  );
}
