import { useQuery } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { Skeleton } from "@/client/components/ui/skeleton";
import { formatCardDate, formatLongDate } from "@/client/lib/format";
import { type DayBalanceRecord, dayBalanceOptions } from "@/client/lib/intake-output-api";
import { addDays } from "@/domain/dates";
import { OUTPUT_KIND_LABELS, OUTPUT_KINDS } from "@/domain/intake-output";
import { millilitres } from "./intake-card";

const IN_ROWS = [
  ["pn", "PN bag"],
  ["enteral", "Tube feeds"],
  ["oral", "By mouth"],
  ["iv", "IV fluids"],
] as const;

/** A figure per kilogram, or a dash without a weight. */
const perKg = (value: number | null, unit: string) =>
  value === null ? "–" : `${value.toLocaleString("en-US", { maximumFractionDigits: 2 })} ${unit}`;

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-3 py-1 ${strong ? "border-t font-semibold" : ""}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

/** The limits in force, in words: "Limits: ostomy above 40 mL/kg/day, urine below 1 mL/kg/h (GI clinic)". */
function limitsWords(limits: DayBalanceRecord["limits"]): string {
  if (!limits) return "No limits set by the team.";
  const parts = [
    limits.ostomyMaxMlPerKgDay === null ? null : `ostomy above ${limits.ostomyMaxMlPerKgDay} mL/kg/day`,
    limits.stoolMaxMlPerKgDay === null ? null : `stool above ${limits.stoolMaxMlPerKgDay} mL/kg/day`,
    limits.urineMinMlPerKgHour === null ? null : `urine below ${limits.urineMinMlPerKgHour} mL/kg/h`,
  ].filter(Boolean);
  if (parts.length === 0) return "No limits set by the team.";
  return `Limits: ${parts.join(", ")}${limits.setBy ? ` (${limits.setBy})` : ""}.`;
}

/** What the day's figures rest on, and what they leave out, in words. */
function footnotes(day: DayBalanceRecord): string[] {
  const notes: string[] = [];
  notes.push(
    day.weight
      ? `Per kilogram of the weight of ${formatCardDate(day.weight.date)}, ${day.weight.kg} kg.`
      : "Add a weight on Vitals to see the figures per kilogram.",
  );
  if (day.today)
    notes.push(`So far today: urine per hour over the ${Math.round(day.hours * 10) / 10} hours gone by.`);
  else if (day.hours !== 24) notes.push(`This day had ${day.hours} hours (the clocks changed).`);
  if (day.notMeasured > 0) {
    notes.push(
      `${day.notMeasured} output${day.notMeasured === 1 ? "" : "s"} not measured, not counted in mL.`,
    );
  }
  if (day.feedsWithoutEnergy > 0) {
    notes.push(
      `${day.feedsWithoutEnergy} feed${day.feedsWithoutEnergy === 1 ? "" : "s"} without kcal per mL: the energy is short.`,
    );
  }
  return notes;
}

/**
 * A child's day: what went in (PN, tube feeds, by mouth, IV fluids) and came out, the net, the
 * figures per kilogram and the energy by route with the feeds' share. Days move back and forth;
 * never past today.
 */
export function DayBalance({
  childId,
  date,
  today,
  onDate,
  onSetLimits,
}: {
  childId: string;
  date: string;
  today: string;
  onDate: (date: string) => void;
  /** Opens the team's limits (none for a role that only reads). */
  onSetLimits?: (() => void) | undefined;
}) {
  const balance = useQuery(dayBalanceOptions(childId, date));
  const day = balance.data;
  return (
    <Card className="mb-6" aria-busy={balance.isPending}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 space-y-0">
        <CardTitle className="text-lg">
          {date === today ? "Today" : formatLongDate(date)}
          <span className="sr-only">: the day's balance</span>
        </CardTitle>
        <div className="flex items-center gap-1">
          <Button
            variant="outline"
            size="icon"
            aria-label="The day before"
            onClick={() => onDate(addDays(date, -1))}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
          </Button>
          <Label htmlFor="balance-day" className="sr-only">
            Day
          </Label>
          <Input
            id="balance-day"
            type="date"
            className="w-40"
            value={date}
            max={today}
            onChange={(event) => {
              if (event.target.value && event.target.value <= today) onDate(event.target.value);
            }}
          />
          <Button
            variant="outline"
            size="icon"
            aria-label="The day after"
            disabled={date >= today}
            onClick={() => onDate(addDays(date, 1))}
          >
            <ChevronRight aria-hidden="true" className="size-4" />
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {balance.isError ? (
          <p role="alert" className="text-destructive text-sm">
            The day's balance could not be loaded. Check the connection and try again.
          </p>
        ) : !day ? (
          <div className="grid gap-2 sm:grid-cols-3">
            <Skeleton className="h-32" />
            <Skeleton className="h-32" />
            <Skeleton className="h-32" />
          </div>
        ) : (
          <>
            <div className="grid gap-6 sm:grid-cols-3">
              <section aria-labelledby="balance-in">
                <h3 id="balance-in" className="mb-1 font-medium text-muted-foreground text-sm">
                  In
                </h3>
                <dl className="text-sm">
                  {IN_ROWS.map(([key, label]) => (
                    <Row key={key} label={label} value={millilitres(day.intake[key])} />
                  ))}
                  <Row label="Total in" value={millilitres(day.intake.total)} strong />
                </dl>
              </section>
              <section aria-labelledby="balance-out">
                <h3 id="balance-out" className="mb-1 font-medium text-muted-foreground text-sm">
                  Out
                </h3>
                <dl className="text-sm">
                  {OUTPUT_KINDS.map((kind) => (
                    <Row key={kind} label={OUTPUT_KIND_LABELS[kind]} value={millilitres(day.output[kind])} />
                  ))}
                  <Row label="Total out" value={millilitres(day.output.total)} strong />
                </dl>
              </section>
              <section aria-labelledby="balance-figures">
                <h3 id="balance-figures" className="mb-1 font-medium text-muted-foreground text-sm">
                  Balance and energy
                </h3>
                <dl className="text-sm">
                  <Row
                    label="Net (in − out)"
                    value={`${day.netMl > 0 ? "+" : ""}${millilitres(day.netMl)}`}
                    strong
                  />
                  <Row label="In per kg" value={perKg(day.perKg.intakeMlPerDay, "mL/kg")} />
                  <Row label="Out per kg" value={perKg(day.perKg.outputMlPerDay, "mL/kg")} />
                  <Row label="Urine per kg" value={perKg(day.perKg.urineMlPerHour, "mL/kg/h")} />
                  <Row label="Ostomy per kg" value={perKg(day.perKg.ostomyMlPerDay, "mL/kg")} />
                  <Row
                    label="Energy"
                    value={`${day.energy.total.toLocaleString("en-US")} kcal${
                      day.perKg.kcalPerDay === null ? "" : ` (${day.perKg.kcalPerDay} kcal/kg)`
                    }`}
                  />
                  <Row
                    label="From feeds"
                    value={day.enteralSharePercent === null ? "–" : `${day.enteralSharePercent} %`}
                  />
                </dl>
              </section>
            </div>
            {day.crossed.length ? (
              <div className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950 text-sm dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
                <p className="font-semibold">Past the team's limits</p>
                <ul className="mt-1 list-disc pl-5">
                  {day.crossed.map((limit) => (
                    <li key={limit.key}>{limit.text}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
              <p className="text-muted-foreground">{limitsWords(day.limits)}</p>
              {onSetLimits ? (
                <Button variant="link" className="h-auto p-0" onClick={onSetLimits}>
                  {day.limits ? "Change limits" : "Set the team's limits"}
                </Button>
              ) : null}
            </div>
            <ul className="mt-3 space-y-1 text-muted-foreground text-xs">
              {footnotes(day).map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          </>
        )}
      </CardContent>
    </Card>
  );
}
