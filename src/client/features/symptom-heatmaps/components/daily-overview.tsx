import { format } from "date-fns";
import { parseDateValue } from "@/client/lib/format";
import { cn } from "@/client/lib/utils";
import { type OverviewDay, type PainColor, painColor } from "@/domain/symptom-heatmap";

const PAIN_CLASSES: Record<PainColor, string> = {
  green: "bg-green-100 text-green-900",
  yellow: "bg-yellow-100 text-yellow-900",
  orange: "bg-orange-100 text-orange-900",
  red: "bg-red-100 text-red-900",
};

/** 'Daily Symptom Overview': the last 7 days, with up to 3 symptoms and the rounded average pain. */
export function DailyOverview({ days }: { days: readonly OverviewDay[] }) {
  return (
    <ul className="divide-y divide-border">
      {days.map((day) => (
        <li key={day.date} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
          <p className="w-28 shrink-0 font-medium text-sm">
            {format(parseDateValue(day.date), "EEE, MMM d")}
          </p>
          <p className="min-w-0 flex-1 text-sm">
            {day.entries === 0 ? (
              <span className="text-muted-foreground">No symptoms recorded</span>
            ) : (
              <>
                {day.symptoms.join(", ")}
                {day.more ? " ..." : ""}
              </>
            )}
          </p>
          {day.averagePain !== null ? (
            <p
              className={cn(
                "rounded-full px-2.5 py-0.5 font-medium text-xs",
                PAIN_CLASSES[painColor(day.averagePain)],
              )}
            >
              Avg Pain Level {day.averagePain}/10
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
