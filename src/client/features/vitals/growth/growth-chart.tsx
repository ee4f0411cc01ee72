import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatCardDate } from "@/client/lib/format";
import type { GrowthPoint } from "@/client/lib/vitals-api";
import type { GrowthKind, GrowthSex } from "@/domain/growth";
import { axisWidth, tickLabel, valueAxis } from "@/domain/trends";
import { ChartTooltip } from "../components/chart-tooltip";
import { CURVES, type CurveRow, curvesAt } from "./growth-curves";
import { ageText, chartAge, measurementText, percentileText, pointAgeText, zScoreText } from "./growth-texts";

/** A row of the chart: the curves at an age, and the child's measurement there if it is one. */
type ChartRow = CurveRow & { child?: number; point?: GrowthPoint };

const CURVE_COLOUR = "var(--color-muted-foreground)";

/** Ticks every 6 months on a chart up to 3 years wide, else every year (two past 10 years, four past 20). */
function ageTicks([lo, hi]: [number, number]): { ticks: number[]; years: boolean } {
  const width = hi - lo;
  const years = width > 36;
  const step = !years ? 6 : width > 240 ? 48 : width > 120 ? 24 : 12;
  const ticks: number[] = [];
  for (let t = Math.ceil(lo / step) * step; t <= hi; t += step) ticks.push(t);
  return { ticks, years };
}

/**
 * A growth chart: the 3rd, 15th, 50th, 85th and 97th percentile curves of the child's sex over the
 * ages shown, and the child's measurements on them (at the corrected age while it applies: the
 * points given have one at or past term). The tooltip gives a measurement's percentile
 * and z-score (the table under the chart says the same to everyone).
 */
export default function GrowthChart({
  kind,
  sex,
  unit,
  rows,
  points,
  range,
  correctedAge = false,
}: {
  kind: GrowthKind;
  sex: GrowthSex;
  /** "kg", "cm", "kg/m²". */
  unit: string;
  rows: readonly CurveRow[];
  points: readonly GrowthPoint[];
  range: [number, number];
  /** Born before 37 weeks: the ages are corrected to 2 years, and the axis says so. */
  correctedAge?: boolean;
}) {
  const data: ChartRow[] = [
    ...rows,
    ...points.map((point) => ({ ...curvesAt(kind, sex, chartAge(point)), child: point.value, point })),
  ].sort((a, b) => a.ageMonths - b.ageMonths || Number("point" in a) - Number("point" in b));
  const values = [...rows.flatMap((row) => [row.p3, row.p97]), ...points.map((point) => point.value)].filter(
    (v): v is number => v !== null,
  );
  const axis = valueAxis(values, { from: "data" });
  const { ticks, years } = ageTicks(range);
  const last = data.length - 1;
  return (
    <ResponsiveContainer width="100%" height={300}>
      <LineChart data={data} margin={{ top: 12, right: 36, bottom: 16, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
        <XAxis
          dataKey="ageMonths"
          type="number"
          domain={range}
          ticks={ticks}
          interval={0}
          tick={{ fontSize: 11, fill: "#64748b" }}
          tickFormatter={(m: number) => String(years ? m / 12 : m)}
          label={{
            value: `${years ? "Age (years)" : "Age (months)"}${correctedAge ? ", corrected to 2 years" : ""}`,
            position: "insideBottom",
            offset: -10,
            fontSize: 11,
            fill: CURVE_COLOUR,
          }}
        />
        <YAxis
          domain={axis.domain}
          ticks={axis.ticks}
          interval={0}
          width={axisWidth(axis.ticks.map((tick) => tickLabel(tick, unit)))}
          tick={{ fontSize: 11, fill: "#64748b" }}
          tickFormatter={(value: number) => tickLabel(value, unit)}
        />
        <Tooltip
          content={({ active, payload }) => {
            const row = payload?.[0]?.payload as ChartRow | undefined;
            if (!active || !row) return null;
            const { point } = row;
            if (point) {
              return (
                <ChartTooltip title={`${formatCardDate(point.date)} · ${pointAgeText(point)}`}>
                  <p className="font-semibold">{measurementText(point.value, unit)}</p>
                  {point.percentile !== null && point.zScore !== null ? (
                    <p>
                      {percentileText(point.percentile)} percentile · z {zScoreText(point.zScore)} (
                      {point.reference})
                    </p>
                  ) : null}
                </ChartTooltip>
              );
            }
            return (
              <ChartTooltip title={`${ageText(row.ageMonths)} (${row.reference ?? ""})`}>
                <p>50th percentile: {row.p50 === null ? "" : tickLabel(row.p50, unit)}</p>
              </ChartTooltip>
            );
          }}
        />
        {CURVES.map((curve) => (
          <Line
            key={curve.key}
            dataKey={curve.key}
            stroke={CURVE_COLOUR}
            strokeWidth={curve.key === "p50" ? 1.75 : 1}
            strokeDasharray={curve.key === "p50" ? undefined : "4 3"}
            dot={false}
            activeDot={false}
            isAnimationActive={false}
            label={(props: { index?: number; x?: number | string; y?: number | string }) =>
              props.index === last ? (
                <text
                  x={Number(props.x) + 4}
                  y={Number(props.y)}
                  dy="0.35em"
                  fontSize={10}
                  fill={CURVE_COLOUR}
                >
                  {curve.label}
                </text>
              ) : (
                <g />
              )
            }
          />
        ))}
        <Line
          dataKey="child"
          connectNulls
          stroke="var(--color-primary)"
          strokeWidth={2.5}
          dot={{ r: 4, fill: "var(--color-primary)", stroke: "var(--color-card)", strokeWidth: 1.5 }}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
