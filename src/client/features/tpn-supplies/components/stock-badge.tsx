import { Badge, type BadgeProps } from "@/client/components/ui/badge";
import { type StockStatus, stockStatus } from "@/domain/supplies";

const VARIANTS: Record<StockStatus, BadgeProps["variant"]> = {
  "Out of Stock": "destructive",
  "Low Stock": "warning",
  Warning: "warning",
  "In Stock": "success",
};

/** The supply's stock status (spec section 4), from the rule shared with the server. */
export function StockBadge({ currentStock, minThreshold }: { currentStock: number; minThreshold: number }) {
  const status = stockStatus(currentStock, minThreshold);
  return (
    <Badge
      variant={VARIANTS[status]}
      className={status === "Low Stock" ? "bg-orange-100 text-orange-900" : undefined}
    >
      <span className="sr-only">Status: </span>
      {status}
    </Badge>
  );
}
