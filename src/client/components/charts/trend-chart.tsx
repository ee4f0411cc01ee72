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
import type { TrendPoint } from "@/domain/trends";

export interface TrendChartProps {
  points: readonly TrendPoint[];
  /** "kcal", "/10"... */
  unit?: string;
  /** The normal range, drawn as a band. */
  band?: { low: number; high: number } | null;
}

const day = (date: string) => format(parseDateValue(date), "MMM d");

/** The line itself (recharts): loaded only on screens that show a trend. */
export default function TrendChart({ points, unit, band }: TrendChartProps) {
  const data = points.map((p) => ({ ...p, label: day(p.date) }));
  return (
    <ResponsiveContainer width="100%" height={220}>
      <LineChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: -8 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
        <XAxis dataKey="label" tick={{ fontSize: 11 }} minTickGap={16} />
        <YAxis tick={{ fontSize: 11 }} width={48} domain={["auto", "auto"]} />
        {band ? <ReferenceArea y1={band.low} y2={band.high} fill="#bbf7d0" fillOpacity={0.5} /> : null}
        <Tooltip formatter={(value) => [`${value}${unit ? ` ${unit}` : ""}`, ""]} separator="" />
        <Line
          type="monotone"
          dataKey="value"
          stroke="#2563eb"
          strokeWidth={2}
          dot={{ r: 3 }}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
