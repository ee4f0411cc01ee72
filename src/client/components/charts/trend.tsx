import type { LucideIcon } from "lucide-react";
import { lazy, type ReactNode, Suspense } from "react";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { EmptyState } from "@/client/components/ui/empty-state";
import { Spinner } from "@/client/components/ui/spinner";
import { formatCardDate } from "@/client/lib/format";
import { TREND_RANGES, type TrendPoint, type TrendRange, trendSummary } from "@/domain/trends";
import type { TrendChartProps } from "./trend-chart";

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

/**
 * A trend over time: a title and controls, the summary in words (read by screen readers in
 * place of the drawing), the chart, or an empty state.
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
  const sentence = trendSentence(label, points, unit);
  return (
    <Card className="mb-6">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle>{title}</CardTitle>
        {controls ? <div className="flex flex-wrap items-center gap-2">{controls}</div> : null}
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <Spinner label="Loading the trend..." className="py-10" />
        ) : points.length === 0 ? (
          <EmptyState icon={icon} title="Nothing to chart yet" text={empty} />
        ) : (
          <figure className="flex flex-col gap-2">
            <figcaption className="text-muted-foreground text-sm">{sentence}</figcaption>
            <div aria-hidden="true" className="min-w-0">
              <Suspense fallback={<Spinner label="Loading the chart..." className="py-10" />}>
                <TrendChart points={points} unit={unit} band={band} scale={scale} axisFrom={axisFrom} />
              </Suspense>
            </div>
          </figure>
        )}
      </CardContent>
    </Card>
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
