import { useQuery } from "@tanstack/react-query";
import { Route } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { EmptyState } from "@/client/components/ui/empty-state";
import { Spinner } from "@/client/components/ui/spinner";
import { formatCardDate } from "@/client/lib/format";
import { type WeaningRecord, weaningOptions } from "@/client/lib/intake-output-api";
import type { WeaningBy } from "@/domain/weaning";
import {
  headline,
  nightsOf,
  percent,
  pnLine,
  prescriptionMarkers,
  ROUTES,
  rowTitle,
  SPANS,
  shownRows,
  spanStart,
  weaningNotes,
} from "./weaning-parts";

/** The charting library loads only when the road is drawn. */
const WeaningChart = lazy(() => import("./weaning-chart"));

const VIEWS: readonly { by: WeaningBy; label: string }[] = [
  { by: "week", label: "By week" },
  { by: "day", label: "By day" },
];

/** A group of buttons of which one is pressed: the view, the span. */
function Toggle<T extends string | number>({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="inline-flex flex-wrap rounded-lg bg-muted p-1">
      <legend className="sr-only">{legend}</legend>
      {options.map((option) => (
        <Button
          key={option.value}
          size="sm"
          variant={option.value === value ? "outline" : "ghost"}
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
          className="h-9 px-2 sm:h-8 sm:px-3"
        >
          {option.label}
        </Button>
      ))}
    </fieldset>
  );
}

/**
 * The road off PN for one child: the share of the energy by route (PN, tube, mouth) a week or a
 * day at a time, with the prescription's changes marked, said first in one sentence, then drawn,
 * then in a table a clinic can read figure by figure.
 */
export function RoadOffPn({ childId, today }: { childId: string; today: string }) {
  const [by, setBy] = useState<WeaningBy>("week");
  const [span, setSpan] = useState<Record<WeaningBy, number>>({ week: 182, day: 28 });
  const weaning = useQuery(weaningOptions(childId, by, spanStart(today, span[by])));
  const data = weaning.data;
  return (
    <Card role="region" className="mb-6" aria-labelledby="road-off-pn" aria-busy={weaning.isPending}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 space-y-0">
        <CardTitle id="road-off-pn" className="text-lg">
          Road off PN
        </CardTitle>
        <div className="flex flex-wrap items-center gap-2">
          <Toggle
            legend="View"
            options={VIEWS.map((v) => ({ value: v.by, label: v.label }))}
            value={by}
            onChange={setBy}
          />
          <Toggle
            legend="Range"
            options={SPANS[by].map((s) => ({ value: s.days, label: s.label }))}
            value={span[by]}
            onChange={(days) => setSpan({ ...span, [by]: days })}
          />
        </div>
      </CardHeader>
      <CardContent>
        {weaning.isError ? (
          <p role="alert" className="text-destructive text-sm">
            The road off PN could not be loaded. Check the connection and try again.
          </p>
        ) : !data ? (
          <Spinner label="Loading the road off PN..." className="py-10" />
        ) : data.rows.every((r) => r.loggedDays === 0) ? (
          <EmptyState
            icon={Route}
            title="Nothing on the road off PN yet"
            text="Log each night's PN bag on TPN & Nutrition and the feeds here, with their kcal per mL: each week then shows how much of the energy came from feeds."
          />
        ) : (
          <WeaningBody weaning={data} />
        )}
      </CardContent>
    </Card>
  );
}

function WeaningBody({ weaning }: { weaning: WeaningRecord }) {
  const sentence = headline(weaning);
  const pn = pnLine(weaning);
  const rows = shownRows(weaning);
  const markers = prescriptionMarkers(weaning, rows);
  const current = weaning.prescriptions.at(-1);
  const unit = weaning.by === "week" ? "Week" : "Day";
  return (
    <>
      <figure className="flex flex-col gap-2">
        <figcaption className="space-y-1">
          {sentence ? <p className="font-semibold text-base">{sentence}</p> : null}
          {pn ? <p className="text-muted-foreground text-sm">{pn}</p> : null}
        </figcaption>
        <div aria-hidden="true" className="min-w-0">
          <Suspense fallback={<Spinner label="Loading the chart..." className="py-10" />}>
            <WeaningChart rows={rows} markers={markers} by={weaning.by} />
          </Suspense>
        </div>
        <ul className="flex flex-wrap gap-x-5 gap-y-1 text-muted-foreground text-xs">
          {ROUTES.map((route) => (
            <li key={route.key} className="flex items-center gap-2">
              <span aria-hidden="true" className="size-3 rounded-sm" style={{ background: route.color }} />
              {route.label}
            </li>
          ))}
          {markers.length ? (
            <li className="flex items-center gap-2">
              <svg width="14" height="12" aria-hidden="true">
                <line
                  x1="7"
                  y1="0"
                  x2="7"
                  y2="12"
                  stroke="currentColor"
                  strokeWidth="1.5"
                  strokeDasharray="3 2"
                />
              </svg>
              Prescription changed
            </li>
          ) : null}
        </ul>
      </figure>
      <section aria-labelledby="pn-changes" className="mt-4 text-sm">
        <h3 id="pn-changes" className="mb-1 font-medium text-muted-foreground text-sm">
          PN prescription
        </h3>
        {weaning.prescriptions.length === 0 ? (
          <p className="text-muted-foreground">No PN prescription in this range.</p>
        ) : (
          <ul className="space-y-0.5">
            {weaning.prescriptions.map((p) => (
              <li key={p.id}>
                <span className="font-medium">
                  {p.startDate < weaning.from
                    ? `Before ${formatCardDate(weaning.from)}`
                    : `From ${formatCardDate(p.startDate)}`}
                  :
                </span>{" "}
                {p.text}
                {p === current && !p.endDate ? " (current)" : ""}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section
        className="mt-4 overflow-x-auto rounded-md focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring/40"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that may scroll sideways must be reachable by keyboard.
        tabIndex={0}
        aria-labelledby="weaning-table"
      >
        <table className="w-full min-w-[34rem] border-collapse text-sm">
          <caption id="weaning-table" className="sr-only">
            {weaning.by === "week" ? "Week by week" : "Day by day"}, newest first
          </caption>
          <thead>
            <tr className="border-border border-b text-left">
              <th scope="col" className="py-2 pr-3 font-semibold">
                {unit}
              </th>
              <th scope="col" className="px-2 py-2 text-right font-semibold">
                From feeds
              </th>
              <th scope="col" className="px-2 py-2 text-right font-semibold">
                {weaning.by === "week" ? "kcal a day" : "kcal"}
              </th>
              <th scope="col" className="px-2 py-2 text-right font-semibold">
                {weaning.by === "week" ? "kcal/kg a day" : "kcal/kg"}
              </th>
              <th scope="col" className="px-2 py-2 text-right font-semibold">
                {weaning.by === "week" ? "PN nights" : "PN"}
              </th>
              <th scope="col" className="py-2 pl-2 text-right font-semibold">
                PN volume
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border tabular-nums">
            {[...rows].reverse().map((row) => (
              <tr key={row.start}>
                <th scope="row" className="whitespace-nowrap py-1.5 pr-3 text-left font-medium">
                  {rowTitle(row, weaning.by)}
                </th>
                {row.loggedDays === 0 ? (
                  <td colSpan={5} className="px-2 py-1.5 text-muted-foreground">
                    Nothing logged
                  </td>
                ) : (
                  <>
                    <td className="px-2 py-1.5 text-right">{row.share ? percent(row.share.feeds) : "–"}</td>
                    <td className="px-2 py-1.5 text-right">
                      {row.kcalPerDay?.toLocaleString("en-US") ?? "–"}
                    </td>
                    <td className="px-2 py-1.5 text-right">
                      {row.kcalPerKgDay?.toLocaleString("en-US", { minimumFractionDigits: 1 }) ?? "–"}
                    </td>
                    <td className="px-2 py-1.5 text-right">
                      {weaning.by === "week" ? nightsOf(row) : row.pnNights ? "Yes" : "No"}
                    </td>
                    <td className="py-1.5 pl-2 text-right">{row.pnVolumeMl.toLocaleString("en-US")} mL</td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <ul className="mt-3 space-y-1 text-muted-foreground text-xs">
        {weaningNotes(weaning).map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    </>
  );
}
