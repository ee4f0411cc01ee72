import type { LucideIcon } from "lucide-react";
import { lazy, type ReactNode, Suspense } from "react";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { EmptyState } from "@/client/components/ui/empty-state";
import { Spinner } from "@/client/components/ui/spinner";
import { formatCardDate } from "@/client/lib/format";
import { TREND_RANGES, type TrendPoint, type TrendRange, trendSummary } from "@/domain/trends";
import { LINE_COLOR, REFERENCE_COLOR } from "./chart-colors";
import type { TrendChartProps, TrendReference } from "./trend-chart";

/** The charting library loads only where a trend is shown. */
const TrendChart = lazy(() => import("./trend-chart"));

const number = (value: number) => value.toLocaleString("en-US", { maximumFractionDigits: 1 });

/** A trend in words: the latest value and when, the lowest, the highest and the average. */
export function trendSentence(label: string, points: readonly TrendPoint[], unit = "") {
  const summary = trendSummary(points);
  if (!summary) return "";
  const u = unit ? ` ${unit}` : "";
  return `${label}: latest ${number(summary.latest.value)}${u} on ${formatCardDate(summary.latest.date)}; lowest ${number(summary.min)}${u}, highest ${number(summary.max)}${u}, average ${number(summary.average)}${u}.`;
}

/** The reference in words: "Prescribed: latest 11.2 mg/kg/min on Nov 26, 2026." */
function referenceSentence(reference: TrendReference, unit = "") {
  const latest = reference.points.at(-1);
  if (!latest) return "";
  return `${reference.label}: latest ${number(latest.value)}${unit ? ` ${unit}` : ""} on ${formatCardDate(latest.date)}.`;
}

/**
 * A trend over time: a title and controls, the summary in words (read by screen readers in
 * place of the drawing), the chart, or an empty state. With a `reference` (what was prescribed),
 * a key names the two lines.
 */
export function TrendCard({
  title,
  icon,
  controls,
  label,
  points,
  unit,
  band,
  scale,
  axisFrom,
  axisUnit,
  reference,
  isLoading,
  empty,
}: {
  title: string;
  icon: LucideIcon;
  controls?: ReactNode;
  /** What the values are: 'Calories'. */
  label: string;
  isLoading?: boolean;
  /** What to say when there is nothing to draw. */
  empty: string;
} & TrendChartProps) {
  const sentence = [trendSentence(label, points, unit), reference ? referenceSentence(reference, unit) : ""]
    .filter(Boolean)
    .join(" ");
  const nothing = points.length === 0 && !reference?.points.length;
  return (
    <Card className="mb-6">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle>{title}</CardTitle>
        {controls ? <div className="flex flex-wrap items-center gap-2">{controls}</div> : null}
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <Spinner label="Loading the trend..." className="py-10" />
        ) : nothing ? (
          <EmptyState icon={icon} title="Nothing to chart yet" text={empty} />
        ) : (
          <figure className="flex flex-col gap-2">
            <figcaption className="text-muted-foreground text-sm">{sentence}</figcaption>
            <div aria-hidden="true" className="min-w-0">
              <Suspense fallback={<Spinner label="Loading the chart..." className="py-10" />}>
                <TrendChart
                  points={points}
                  unit={unit}
                  band={band}
                  scale={scale}
                  axisFrom={axisFrom}
                  axisUnit={axisUnit}
                  reference={reference}
                  label={label}
                />
              </Suspense>
              {reference ? <TrendKey label={label} reference={reference.label} /> : null}
            </div>
          </figure>
        )}
      </CardContent>
    </Card>
  );
}

/** Which line is which: the solid line and the dashed reference. */
function TrendKey({ label, reference }: { label: string; reference: string }) {
  return (
    <ul className="mt-1 flex flex-wrap gap-x-5 gap-y-1 text-muted-foreground text-xs">
      <li className="flex items-center gap-2">
        <svg width="24" height="8" aria-hidden="true">
          <line x1="0" y1="4" x2="24" y2="4" stroke={LINE_COLOR} strokeWidth="2" />
          <circle cx="12" cy="4" r="3" fill={LINE_COLOR} />
        </svg>
        {label}
      </li>
      <li className="flex items-center gap-2">
        <svg width="24" height="8" aria-hidden="true">
          <line x1="0" y1="4" x2="24" y2="4" stroke={REFERENCE_COLOR} strokeWidth="2" strokeDasharray="6 4" />
        </svg>
        {reference}
      </li>
    </ul>
  );
}

/** 7, 30 or 90 days. */
export function RangeToggle({
  value,
  onChange,
}: {
  value: TrendRange;
  onChange: (range: TrendRange) => void;
}) {
  return (
    <fieldset className="inline-flex rounded-lg bg-muted p-1">
      <legend className="sr-only">Range</legend>
      {TREND_RANGES.map((range) => (
        <Button
          key={range}
          size="sm"
          variant={range === value ? "outline" : "ghost"}
          aria-pressed={range === value}
          onClick={() => onChange(range)}
          className="h-8 px-3"
        >
          {range} days
        </Button>
      ))}
    </fieldset>
  );
}
