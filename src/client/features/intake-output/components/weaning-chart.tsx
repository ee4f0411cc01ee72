import { format } from "date-fns";
import {
  Bar,
  BarChart,
  CartesianGrid,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { parseDateValue } from "@/client/lib/format";
import type { WeaningRecord } from "@/client/lib/intake-output-api";
import { ROUTES, type WeaningMarker } from "./weaning-parts";

const TICK = { fontSize: 11, fill: "#64748b" };
const day = (date: string) => format(parseDateValue(date), "MMM d");

/**
 * The share of the energy by route, a stacked bar a week (or a day), 0 to 100 %: PN at the
 * bottom, tube and mouth above it, so the road off PN is the PN band shrinking. A dashed line marks
 * each change of the prescription, labelled with the new bag.
 */
export default function WeaningChart({
  rows,
  markers,
  by,
}: {
  rows: WeaningRecord["rows"];
  markers: readonly WeaningMarker[];
  by: WeaningRecord["by"];
}) {
  const data = rows.map((row) => ({
    start: row.start,
    pn: row.share?.pn ?? 0,
    enteral: row.share?.enteral ?? 0,
    oral: row.share?.oral ?? 0,
  }));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart
        data={data}
        margin={{ top: 8, right: 12, bottom: 0, left: 0 }}
        barCategoryGap={rows.length > 40 ? 1 : "15%"}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" vertical={false} />
        <XAxis dataKey="start" tickFormatter={day} tick={TICK} minTickGap={20} />
        <YAxis
          domain={[0, 100]}
          ticks={[0, 25, 50, 75, 100]}
          allowDataOverflow
          width={52}
          tick={TICK}
          tickFormatter={(value: number) => `${value} %`}
        />
        <Tooltip
          cursor={{ fill: "var(--color-muted)", opacity: 0.5 }}
          labelFormatter={(start) =>
            by === "week"
              ? `Week of ${day(String(start))}`
              : format(parseDateValue(String(start)), "EEE MMM d")
          }
          formatter={(value, name) => [`${Number(value).toLocaleString("en-US")} %`, name]}
          // Top of the bar first: mouth, tube, PN.
          itemSorter={(item) => -ROUTES.findIndex((route) => route.key === item.dataKey)}
          contentStyle={{ background: "var(--color-card)", borderColor: "var(--color-border)" }}
        />
        {ROUTES.map((route) => (
          <Bar
            key={route.key}
            dataKey={route.key}
            name={route.label}
            stackId="share"
            fill={route.color}
            isAnimationActive={false}
          />
        ))}
        {markers.map((marker, index) => {
          // Right of its line in the chart's first 60 %, left of it after; every other one a line
          // lower, so two changes close together both read.
          const end = data.findIndex((row) => row.start === marker.at) > data.length * 0.6;
          const drop = (index % 2) * 14;
          return (
            <ReferenceLine
              key={marker.id}
              x={marker.at}
              stroke="var(--color-foreground)"
              strokeDasharray="5 3"
              strokeWidth={1.5}
              label={({ viewBox }: { viewBox?: { x?: number; y?: number } }) => (
                <text
                  x={(viewBox?.x ?? 0) + (end ? -4 : 4)}
                  y={(viewBox?.y ?? 0) + 12 + drop}
                  textAnchor={end ? "end" : "start"}
                  fontSize={11}
                  fontWeight={600}
                  fill="var(--color-foreground)"
                  stroke="var(--color-card)"
                  strokeWidth={3}
                  paintOrder="stroke"
                  className="weaning-marker-label"
                >
                  {marker.label}
                </text>
              )}
            />
          );
        })}
      </BarChart>
    </ResponsiveContainer>
  );
}
