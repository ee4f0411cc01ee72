import { format } from "date-fns";
import {
  CartesianGrid,
  Line,
  LineChart,
  ReferenceArea,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { parseDateValue } from "@/client/lib/format";
import { axisWidth, type TrendPoint, tickLabel, valueAxis } from "@/domain/trends";
import { LINE_COLOR, REFERENCE_COLOR } from "./chart-colors";

export interface TrendChartProps {
  points: readonly TrendPoint[];
  /** "kcal", "/10"... */
  unit?: string;
  /** The normal range, drawn as a band. */
  band?: { low: number; high: number } | null;
  /** A scale with its own ends (pain: 0 to 10); amounts otherwise start at zero. */
  scale?: [number, number];
  /**
   * "data" for measurements whose changes matter more than their size (a lab result): the axis
   * starts under the lowest value, with a break drawn on it. Amounts start at zero.
   */
  axisFrom?: "zero" | "data";
  /**
   * What the line is compared with (what was prescribed), drawn as a dashed step line; the tooltip
   * then names both lines, the main one `label`.
   */
  reference?: TrendReference | null;
  /** The main line's name beside a reference ('Delivered'). */
  label?: string;
  /** The unit on the value axis when the values' own is too long for it ('kcal/kg/day'): none by default. */
  axisUnit?: string;
}

export interface TrendReference {
  label: string;
  points: readonly TrendPoint[];
}

const TICK_FONT_SIZE = 11;

/** From a tick label's end to the axis line: recharts' tick line (6) and its gap (2). */
const AXIS_GAP = 8;

/** Two slashes across the value axis just above its lowest tick: it does not start at zero. */
function AxisBreak({ x, y }: { x: number; y: number }) {
  return (
    <g data-axis-break="">
      <rect x={x - 6} y={y - 4} width={12} height={7} fill="var(--color-card, #fff)" />
      <path d={`M${x - 6},${y + 1} l12,-4 M${x - 6},${y + 5} l12,-4`} stroke="#64748b" strokeWidth={1.2} />
    </g>
  );
}

/** The widest of `labels` as the browser draws them at `fontSize` in the page's font (0 where it cannot tell). */
function measuredWidth(labels: readonly string[], fontSize: number): number {
  const context = document.createElement("canvas").getContext("2d");
  if (!context) return 0;
  context.font = `${fontSize}px ${getComputedStyle(document.body).fontFamily}`;
  return Math.ceil(Math.max(0, ...labels.map((label) => context.measureText(label).width)));
}

const day = (date: string) => format(parseDateValue(date), "MMM d");

/** One row per day, oldest first, with the line's value and the reference's where each has one. */
function chartData(points: readonly TrendPoint[], reference: readonly TrendPoint[]) {
  const rows = new Map<string, { date: string; label: string; value?: number; reference?: number }>();
  const row = (date: string) => {
    let found = rows.get(date);
    if (!found) {
      found = { date, label: day(date) };
      rows.set(date, found);
    }
    return found;
  };
  for (const p of points) row(p.date).value = p.value;
  for (const p of reference) row(p.date).reference = p.value;
  return [...rows.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** The line itself (recharts): loaded only on screens that show a trend. */
export default function TrendChart({
  points,
  unit,
  band,
  scale,
  axisFrom = "zero",
  reference,
  label: name,
  axisUnit = unit,
}: TrendChartProps) {
  const data = chartData(points, reference?.points ?? []);
  // From zero (or the scale's own ends), so a line's height is its amount; the axis as wide as
  // its longest label ('120,000 mL'), so no label is cut.
  const axis = valueAxis(
    [
      ...points.map((p) => p.value),
      ...(reference?.points ?? []).map((p) => p.value),
      ...(band ? (axisFrom === "data" ? [band.low, band.high] : [band.high]) : []),
    ],
    { ...(scale ? { fixed: scale } : {}), from: axisFrom },
  );
  const labels = axis.ticks.map((tick) => tickLabel(tick, axisUnit));
  return (
    <ResponsiveContainer width="100%" height={220}>
      <LineChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
        <XAxis dataKey="label" tick={{ fontSize: 11 }} minTickGap={16} />
        <YAxis
          // Drawn whole on one line (recharts would wrap '125,000 mL' onto two).
          tick={(props: { x: number | string; y: number | string; payload: { value: unknown } }) => (
            <g>
              <text
                x={props.x}
                y={props.y}
                dy="0.355em"
                textAnchor="end"
                fontSize={TICK_FONT_SIZE}
                fill="#64748b"
                className="recharts-cartesian-axis-tick-value"
              >
                {tickLabel(Number(props.payload.value), axisUnit)}
              </text>
              {axis.broken && Number(props.payload.value) === axis.domain[0] ? (
                <AxisBreak x={Number(props.x) + AXIS_GAP} y={Number(props.y) - 9} />
              ) : null}
            </g>
          )}
          width={Math.max(axisWidth(labels, TICK_FONT_SIZE), measuredWidth(labels, TICK_FONT_SIZE) + 14)}
          domain={axis.domain}
          ticks={axis.ticks}
          interval={0}
          allowDataOverflow={false}
          tickFormatter={(value: number) => tickLabel(value, axisUnit)}
        />
        {band ? <ReferenceArea y1={band.low} y2={band.high} fill="#bbf7d0" fillOpacity={0.5} /> : null}
        <Tooltip
          formatter={(value, series) => [tickLabel(Number(value), unit), reference ? series : ""]}
          separator={reference ? ": " : ""}
        />
        {reference ? (
          <Line
            type="stepAfter"
            dataKey="reference"
            name={reference.label}
            stroke={REFERENCE_COLOR}
            strokeWidth={2}
            strokeDasharray="6 4"
            dot={false}
            connectNulls
            isAnimationActive={false}
          />
        ) : null}
        <Line
          type="monotone"
          dataKey="value"
          name={name ?? ""}
          stroke={LINE_COLOR}
          strokeWidth={2}
          dot={{ r: 3 }}
          connectNulls
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
