import { useQueries } from "@tanstack/react-query";
import { GlassWater } from "lucide-react";
import { ChildAvatar } from "@/client/components/children/child-avatar";
import { useChildFilter } from "@/client/lib/child-filter";
import { toDateOnly } from "@/client/lib/format";
import { type DayBalanceRecord, dayBalanceOptions } from "@/client/lib/intake-output-api";
import { DashboardCard } from "../components/dashboard-card";

const ml = (value: number) => `${value.toLocaleString("en-US", { maximumFractionDigits: 0 })} mL`;
const perKg = (value: number | null, unit: string) =>
  value === null ? "" : ` (${value.toLocaleString("en-US", { maximumFractionDigits: 1 })} ${unit})`;

/** Whether a child's day has anything of in and out beyond the PN bag, or limits the team set. */
export function tracksFluids(day: DayBalanceRecord): boolean {
  return (
    day.intake.total > day.intake.pn || day.output.total > 0 || day.notMeasured > 0 || day.limits !== null
  );
}

/** A child's day so far in three lines: in and out with the net, the energy by route, the limits. */
function DaySoFar({ day }: { day: DayBalanceRecord }) {
  const logged = day.intake.total > day.intake.pn || day.output.total > 0 || day.notMeasured > 0;
  if (!logged) {
    return <p className="text-muted-foreground text-sm">Nothing logged in or out yet today.</p>;
  }
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      <dt className="text-muted-foreground">In</dt>
      <dd className="tabular-nums">
        {ml(day.intake.total)}
        {perKg(day.perKg.intakeMlPerDay, "mL/kg")}
        {day.intake.pn > 0 ? `, PN bag ${ml(day.intake.pn)}` : ""}
      </dd>
      <dt className="text-muted-foreground">Out</dt>
      <dd className="tabular-nums">
        {ml(day.output.total)}
        {perKg(day.perKg.outputMlPerDay, "mL/kg")}
        {day.notMeasured > 0 ? `, ${day.notMeasured} not measured` : ""}
      </dd>
      <dt className="text-muted-foreground">Net</dt>
      <dd className="tabular-nums">
        {day.netMl > 0 ? "+" : ""}
        {ml(day.netMl)}
      </dd>
      {day.energy.total > 0 ? (
        <>
          <dt className="text-muted-foreground">Energy</dt>
          <dd className="tabular-nums">
            {day.energy.total.toLocaleString("en-US")} kcal
            {day.enteralSharePercent === null ? "" : `, ${day.enteralSharePercent} % from feeds`}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/**
 * Today's fluid in and out for each child in view whose family tracks it (an intake or output
 * logged today, or limits the team set), as the Intake & Output screen adds it up on the family's
 * clock. Nothing for a family that does not track it.
 */
export function BalanceCard() {
  const { selectedChild, children } = useChildFilter();
  const shown = selectedChild ? [selectedChild] : children;
  const today = toDateOnly();
  const days = useQueries({ queries: shown.map((child) => dayBalanceOptions(child.id, today)) });
  const rows = shown.flatMap((child, i) => {
    const day = days[i]?.data;
    return day && tracksFluids(day) ? [{ child, day }] : [];
  });
  if (rows.length === 0) return null;
  return (
    <DashboardCard
      title="Today In & Out"
      icon={GlassWater}
      tint="bg-sky-50 text-sky-700"
      href="/intake-output"
      linkLabel="Intake & Output"
    >
      <ul className="flex flex-col divide-y divide-border">
        {rows.map(({ child, day }) => (
          <li key={child.id} className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0">
            {shown.length > 1 ? (
              <p className="flex items-center gap-2 font-medium">
                <ChildAvatar name={child.name} color={child.avatarColor} size="sm" />
                <span className="min-w-0 break-words">{child.name}</span>
              </p>
            ) : null}
            <DaySoFar day={day} />
            {day.crossed.length ? (
              <ul className="rounded-md border border-amber-300 bg-amber-50 p-2 text-amber-950 text-sm dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
                {day.crossed.map((limit) => (
                  <li key={limit.key}>{limit.text}</li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </DashboardCard>
  );
}
