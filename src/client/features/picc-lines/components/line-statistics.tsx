import { Activity, CalendarDays, Gauge } from "lucide-react";
import { Card, CardContent } from "@/client/components/ui/card";
import { formatCardDate } from "@/client/lib/format";
import { lineStatistics } from "@/domain/picc";
import type { PiccInfection, PiccLine } from "../api";
import { lineLabel } from "../picc-labels";

/**
 * The child's line figures: the current line's day (the day it went in is day 1, as catheter-days
 * count it), catheter-days, and the CLABSI rate as NHSN counts it (`lineStatistics`).
 */
export function LineStatistics({
  lines,
  infections,
}: {
  lines: readonly PiccLine[];
  infections: readonly PiccInfection[];
}) {
  const stats = lineStatistics(lines, infections);
  return (
    <Card className="mb-6">
      <CardContent className="grid gap-4 pt-5 sm:grid-cols-3 sm:pt-6">
        <Figure icon={CalendarDays} label="Current line">
          {stats.currentLine ? (
            <>
              <span className="font-semibold text-2xl">{stats.currentLineDays}</span>{" "}
              {stats.currentLineDays === 1 ? "day" : "days"} in
              <span className="block text-muted-foreground text-xs">{lineLabel(stats.currentLine)}</span>
            </>
          ) : (
            <span className="text-muted-foreground">No line in place</span>
          )}
        </Figure>
        <Figure icon={Activity} label="Catheter-days">
          <span className="font-semibold text-2xl">{stats.catheterDays.toLocaleString("en-US")}</span>
          <span className="block text-muted-foreground text-xs">
            {lines.length
              ? `Since ${formatCardDate(earliest(lines))}, over ${lines.length} ${lines.length === 1 ? "line" : "lines"}`
              : "No lines recorded"}
          </span>
        </Figure>
        <Figure icon={Gauge} label="Infection rate">
          {stats.infectionRate === null ? (
            <span className="text-muted-foreground">No catheter-days yet</span>
          ) : (
            <>
              <span className="font-semibold text-2xl">{stats.infectionRate}</span> per 1,000 catheter-days
            </>
          )}
        </Figure>
        <p className="text-muted-foreground text-xs sm:col-span-3">
          The infection rate follows the NHSN definition of a CLABSI (central-line-associated bloodstream
          infection): bloodstream infections from a line's day 3 until the day after it came out (
          {stats.bloodstreamInfections}), per 1,000 days with a line in ({stats.catheterDays}). Days are
          counted as NHSN counts them: the day a line goes in is day 1.
        </p>
      </CardContent>
    </Card>
  );
}

/** The first insertion date (yyyy-MM-dd sorts as text). */
const earliest = (lines: readonly PiccLine[]) => lines.map((line) => line.insertionDate).sort()[0];

function Figure({
  icon: Icon,
  label,
  children,
}: {
  icon: typeof Activity;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex items-start gap-3">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-rose-50 text-rose-700">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0">
        <p className="font-medium text-muted-foreground text-sm">{label}</p>
        <p className="text-sm">{children}</p>
      </div>
    </div>
  );
}
