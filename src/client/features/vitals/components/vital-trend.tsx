import { lazy, Suspense } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Spinner } from "@/client/components/ui/spinner";
import { chartedValue, formatVitalValue, vitalUnit } from "@/client/lib/vital-values";
import type { Vital } from "@/client/lib/vitals-api";
import { feverThresholdText } from "@/domain/fever-plan";
import { type TemperatureUnit, temperatureShown, VITAL_LABELS, type VitalKind } from "@/domain/vitals";
import { vitalWhen } from "./vital-card";
import type { VitalChartPoint } from "./vital-chart";

/** The charting library loads with the first chart shown. */
const VitalChart = lazy(() => import("./vital-chart"));

/** The measurements in the order they were taken: by day, then time (none counts as midday). */
export function chartPoints(vitals: readonly Vital[], unit: TemperatureUnit): VitalChartPoint[] {
  return vitals
    .map((vital) => ({
      at: new Date(`${vital.date}T${vital.time ?? "12:00"}:00`).getTime(),
      value: chartedValue(vital.kind, vital.value, unit),
      when: vitalWhen(vital),
      text: formatVitalValue(vital.kind, vital.value, unit),
      fever: vital.feverWithLine,
    }))
    .filter((point) => Number.isFinite(point.at))
    .sort((a, b) => a.at - b.at);
}

/** The chart in words, for screen readers and above it: the latest, the lowest and the highest. */
export function chartSentence(kind: VitalKind, points: readonly VitalChartPoint[]): string {
  const latest = points.at(-1);
  if (!latest) return "";
  const lowest = points.reduce((a, b) => (b.value < a.value ? b : a));
  const highest = points.reduce((a, b) => (b.value > a.value ? b : a));
  const count = `${points.length} ${points.length === 1 ? "entry" : "entries"}`;
  return `${VITAL_LABELS[kind]}, ${count}: latest ${latest.text} on ${latest.when}; lowest ${lowest.text}, highest ${highest.text}.`;
}

/** One kind over time, above its list: the fever threshold drawn across the temperatures. */
export function VitalTrend({
  kind,
  unit,
  vitals,
  feverThresholdC,
}: {
  kind: VitalKind;
  unit: TemperatureUnit;
  vitals: readonly Vital[] | undefined;
  feverThresholdC: number;
}) {
  if (!vitals?.length) return null;
  const points = chartPoints(vitals, unit);
  const threshold =
    kind === "temperature"
      ? {
          value: temperatureShown(feverThresholdC, unit),
          label: `Fever from ${feverThresholdText(feverThresholdC, unit)}`,
        }
      : undefined;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{VITAL_LABELS[kind]} over time</CardTitle>
      </CardHeader>
      <CardContent>
        <figure className="flex flex-col gap-2">
          <figcaption className="text-muted-foreground text-sm">{chartSentence(kind, points)}</figcaption>
          <div aria-hidden="true" className="min-w-0">
            <Suspense fallback={<Spinner label="Loading the chart..." className="py-10" />}>
              <VitalChart points={points} unit={vitalUnit(kind, unit)} threshold={threshold} />
            </Suspense>
          </div>
        </figure>
      </CardContent>
    </Card>
  );
}
