import { useQuery } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import { lowStockQueryOptions, type SupplyListItem } from "@/client/lib/supplies-api";
import { FORECAST_ALERT_DAYS } from "@/domain/supplies";

/** The supplies to reorder: those at or under their threshold, then those forecast to run out within a week. */
export function suppliesToReorder(
  lowStock: readonly { id: string; name: string }[],
  supplies: readonly SupplyListItem[],
): { id: string; name: string; runsOutInDays: number | null }[] {
  const low = lowStock.map((s) => ({ id: s.id, name: s.name, runsOutInDays: null }));
  const soon = supplies
    .filter((s) => s.runsOutInDays !== null && s.runsOutInDays <= FORECAST_ALERT_DAYS)
    .filter((s) => !lowStock.some((l) => l.id === s.id))
    .map((s) => ({ id: s.id, name: s.name, runsOutInDays: s.runsOutInDays }));
  return [...low, ...soon];
}

/** The orange banner: 'N supplies need reordering:' and their names (spec section 2). */
export function ReorderBanner({ supplies }: { supplies: readonly SupplyListItem[] }) {
  const lowStock = useQuery(lowStockQueryOptions);
  const items = suppliesToReorder(lowStock.data ?? [], supplies);
  if (items.length === 0) return null;
  return (
    <div
      role="status"
      className="mb-6 flex items-start gap-3 rounded-xl border border-orange-300 bg-orange-50 p-4 text-orange-950"
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-orange-600" />
      <p className="text-sm">
        <span className="font-semibold">
          {items.length === 1 ? "1 supply needs reordering:" : `${items.length} supplies need reordering:`}
        </span>{" "}
        {items
          .map((item) =>
            item.runsOutInDays === null
              ? item.name
              : `${item.name} (runs out in about ${daysText(item.runsOutInDays)})`,
          )
          .join(", ")}
      </p>
    </div>
  );
}

export const daysText = (days: number) => `${days} ${days === 1 ? "day" : "days"}`;
