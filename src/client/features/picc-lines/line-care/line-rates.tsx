import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Spinner } from "@/client/components/ui/spinner";
import { errorMessage } from "@/client/lib/api";
import { formatCardDate } from "@/client/lib/format";
import { type LineRates, lineRatesOptions } from "@/client/lib/line-care-api";
import { cn } from "@/client/lib/utils";
import type { PiccLine } from "../api";
import { rateCell } from "./line-care-texts";

type Rates = LineRates["child"];

const ROWS: { key: keyof Rates["counts"]; label: string }[] = [
  { key: "bloodstream", label: "Bloodstream infections" },
  { key: "exitSite", label: "Exit-site infections" },
  { key: "occlusion", label: "Occlusions" },
  { key: "breakage", label: "Breakages" },
  { key: "dislodgement", label: "Dislodgements" },
];

const cell = "px-2 py-2 text-right tabular-nums sm:px-3";
/** The measure's column stays in view while a phone scrolls through many lines. */
const rowHeader = "sticky left-0 bg-card px-2 py-2 text-left font-medium sm:px-3";

interface Column {
  key: string;
  name: string;
  /** "in place", "out Oct 18, 2026" */
  note: string;
  rates: Rates | undefined;
}

/**
 * The child's catheter-days and complications per 1,000 catheter-days, over all their lines and
 * line by line (the line in place first), beside the ASPEN Sustain figure for children.
 */
export function LineRatesTable({ childId, lines }: { childId: string; lines: readonly PiccLine[] }) {
  const rates = useQuery(lineRatesOptions(childId));
  const headingId = useId();
  if (lines.length === 0) return null;
  const byId = new Map(rates.data?.lines.map((line) => [line.lineId, line]));
  const columns: Column[] = [
    { key: "all", name: "All lines", note: "", rates: rates.data?.child },
    ...[...lines]
      .sort(
        (a, b) =>
          Number(a.removalDate !== null) - Number(b.removalDate !== null) ||
          b.insertionDate.localeCompare(a.insertionDate),
      )
      .map((line) => ({
        key: line.id,
        name: `Line of ${formatCardDate(line.insertionDate)}`,
        note: line.removalDate ? `out ${formatCardDate(line.removalDate)}` : "in place",
        rates: byId.get(line.id),
      })),
  ];
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle id={headingId}>Complication rates</CardTitle>
        <CardDescription>
          Per 1,000 catheter-days, with the number of events in brackets. "—" until a line has been in.
          Bloodstream infections follow the NHSN definition of a CLABSI: counted from a line's day 3 (the day
          it went in is day 1) until the day after it came out.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {rates.isLoading ? <Spinner label="Loading rates..." className="py-2" /> : null}
        {rates.error ? <p className="text-destructive text-sm">{errorMessage(rates.error)}</p> : null}
        {rates.data ? (
          <>
            {/* Scrolls sideways on a phone when the child has had many lines. */}
            <section
              className="overflow-x-auto rounded-md focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring/40"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that may scroll sideways must be reachable by keyboard.
              tabIndex={0}
              aria-labelledby={headingId}
            >
              <table className="w-full border-collapse text-sm">
                <thead>
                  <tr className="border-border border-b">
                    <th scope="col" className={rowHeader}>
                      <span className="sr-only">Measure</span>
                    </th>
                    {columns.map((column) => (
                      <th
                        key={column.key}
                        scope="col"
                        className={cn(cell, "min-w-16 align-bottom font-semibold")}
                      >
                        {column.name}
                        {column.note ? (
                          <span className="block font-normal text-muted-foreground text-xs">
                            {column.note}
                          </span>
                        ) : null}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-border">
                  <tr>
                    <th scope="row" className={rowHeader}>
                      Catheter-days
                    </th>
                    {columns.map((column) => (
                      <td key={column.key} className={cell}>
                        {column.rates ? column.rates.catheterDays.toLocaleString("en-US") : "—"}
                      </td>
                    ))}
                  </tr>
                  {ROWS.map((row) => (
                    <tr key={row.key}>
                      <th scope="row" className={rowHeader}>
                        {row.label}
                      </th>
                      {columns.map((column) => (
                        <td key={column.key} className={cell}>
                          {column.rates
                            ? rateCell(column.rates.rates[row.key], column.rates.counts[row.key])
                            : "—"}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
            <p className="rounded-md bg-muted px-3 py-2 text-sm">
              For comparison — ASPEN Sustain, children:{" "}
              <span className="font-semibold">
                {rates.data.benchmarkBloodstreamPer1000.toLocaleString("en-US")} bloodstream infections per
                1,000 PN-days
              </span>
              .
            </p>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
