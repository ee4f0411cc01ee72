import { format } from "date-fns";
import {
  CartesianGrid,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { axisWidth, tickLabel, valueAxis } from "@/domain/trends";
import { ChartTooltip } from "./chart-tooltip";

/** One measurement on the time axis. */
export interface VitalChartPoint {
  /** Milliseconds: the day and time it was taken. */
  at: number;
  /** In the unit charted (a temperature in the family's unit). */
  value: number;
  /** "Nov 27, 2026 03:10". */
  when: string;
  /** "38.3 °C". */
  text: string;
  fever: boolean;
}

export interface VitalChartProps {
  points: readonly VitalChartPoint[];
  unit: string;
  /** The fever threshold in the unit charted, drawn as a line (temperatures only). */
  threshold?: { value: number; label: string };
}

/** The theme's red: darker on a light page, lighter on a dark one. */
const RED = "var(--color-destructive)";

/** A vital over time (recharts, loaded with the Vitals screen's charts only). */
export default function VitalChart({ points, unit, threshold }: VitalChartProps) {
  const axis = valueAxis([...points.map((p) => p.value), ...(threshold ? [threshold.value] : [])], {
    from: "data",
  });
  const first = points[0]?.at ?? 0;
  const last = points.at(-1)?.at ?? first;
  // One day either side of a single reading, so it is not drawn against the edge.
  const pad = last === first ? 86_400_000 : (last - first) * 0.03;
  const spansYears = new Date(first).getFullYear() !== new Date(last).getFullYear();
  return (
    <ResponsiveContainer width="100%" height={240}>
      <LineChart
        data={[...points]}
        margin={{ top: 12, right: 16, bottom: 0, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
        <XAxis
          dataKey="at"
          type="number"
          scale="time"
          domain={[first - pad, last + pad]}
          tickFormatter={(at: number) => format(at, spansYears ? "MMM yyyy" : "MMM d")}
          tick={{ fontSize: 11, fill: "#64748b" }}
          minTickGap={24}
        />
        <YAxis
          domain={axis.domain}
          ticks={axis.ticks}
          interval={0}
          width={axisWidth(axis.ticks.map((tick) => tickLabel(tick, unit)))}
          tick={{ fontSize: 11, fill: "#64748b" }}
          tickFormatter={(value: number) => tickLabel(value, unit)}
        />
        {threshold ? (
          <ReferenceLine
            y={threshold.value}
            stroke={RED}
            strokeDasharray="6 4"
            label={{ value: threshold.label, position: "insideTopLeft", fill: RED, fontSize: 11 }}
          />
        ) : null}
        <Tooltip
          content={({ active, payload }) => {
            const point = payload?.[0]?.payload as VitalChartPoint | undefined;
            if (!active || !point) return null;
            return (
              <ChartTooltip title={point.when}>
                <p className={point.fever ? "font-semibold text-red-700" : "font-semibold"}>
                  {point.text}
                  {point.fever ? " · fever with a line" : ""}
                </p>
              </ChartTooltip>
            );
          }}
        />
        <Line
          type="linear"
          dataKey="value"
          stroke="var(--color-primary)"
          strokeWidth={2}
          isAnimationActive={false}
          dot={(props: { cx?: number; cy?: number; index?: number; payload?: VitalChartPoint }) => (
            <circle
              key={props.index}
              cx={props.cx}
              cy={props.cy}
              r={props.payload?.fever ? 5 : 3.5}
              fill={props.payload?.fever ? RED : "var(--color-primary)"}
              stroke="var(--color-card)"
              strokeWidth={1.5}
            />
          )}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
