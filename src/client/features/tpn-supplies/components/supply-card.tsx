import {
  CalendarClock,
  ClipboardList,
  DollarSign,
  History,
  Minus,
  Package,
  ShoppingCart,
  StickyNote,
  Truck,
} from "lucide-react";
import { useState } from "react";
import { RecordCard, RecordDetail } from "@/client/components/record-screen/record-card";
import { Button } from "@/client/components/ui/button";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/client/components/ui/collapsible";
import { formatListDate } from "@/client/lib/format";
import type { SupplyListItem } from "@/client/lib/supplies-api";
import { SUPPLY_CATEGORY_LABELS } from "@/domain/supplies";
import { daysText } from "./reorder-banner";
import { StockBadge } from "./stock-badge";
import { StockEventHistory } from "./stock-event-history";
import { UsageHistory } from "./usage-history";

export function SupplyCard({
  supply,
  onEdit,
  onDelete,
  onRecordUsage,
}: {
  supply: SupplyListItem;
  onEdit?: () => void;
  onDelete?: () => void;
  /** Left out for a role that only reads. */
  onRecordUsage?: () => void;
}) {
  const [historyOpen, setHistoryOpen] = useState(false);
  return (
    <RecordCard
      title={supply.name}
      subtitle={SUPPLY_CATEGORY_LABELS[supply.category]}
      badges={<StockBadge currentStock={supply.currentStock} minThreshold={supply.minThreshold} />}
      onEdit={onEdit}
      onDelete={onDelete}
    >
      <div className="grid grid-cols-2 gap-2 rounded-md bg-muted px-3 py-2">
        <div>
          <p className="font-medium text-muted-foreground text-xs">Stock</p>
          <p className="font-semibold text-lg">
            {supply.currentStock}{" "}
            <span className="font-normal text-muted-foreground text-sm">{supply.unit}</span>
          </p>
        </div>
        <div>
          <p className="font-medium text-muted-foreground text-xs">Min threshold</p>
          <p className="font-semibold text-lg">{supply.minThreshold}</p>
        </div>
      </div>
      {supply.runsOutInDays !== null ? (
        <RecordDetail icon={CalendarClock} label="Forecast">
          Runs out in about {daysText(supply.runsOutInDays)}
        </RecordDetail>
      ) : null}
      {supply.reorder ? (
        <RecordDetail icon={ShoppingCart} label="Order by">
          <span className={supply.reorder.late ? "font-medium text-orange-700" : undefined}>
            {supply.reorder.late ? "Order now" : `Order by ${formatListDate(supply.reorder.orderBy)}`}
          </span>{" "}
          <span className="text-muted-foreground">
            for the {formatListDate(supply.reorder.delivery)} delivery
            {supply.reorder.late ? ": even it finds less than the days of stock you keep" : ""}
          </span>
        </RecordDetail>
      ) : null}
      <RecordDetail icon={Truck} label="Supplier">
        {supply.supplier}
      </RecordDetail>
      <RecordDetail icon={ClipboardList} label="Order number">
        {supply.orderNumber}
      </RecordDetail>
      <RecordDetail icon={DollarSign} label="Cost per unit">
        {supply.costPerUnit ? `$${supply.costPerUnit}` : null}
      </RecordDetail>
      <RecordDetail icon={Package} label="Expires">
        {supply.expirationDate ? `Expires ${formatListDate(supply.expirationDate)}` : null}
      </RecordDetail>
      <RecordDetail icon={StickyNote} label="Notes">
        {supply.notes ? (
          <span className="whitespace-pre-line text-muted-foreground">{supply.notes}</span>
        ) : null}
      </RecordDetail>
      <div className="mt-auto flex flex-col gap-2 pt-2">
        {onRecordUsage ? (
          <Button onClick={onRecordUsage} disabled={supply.currentStock === 0} className="w-full">
            <Minus aria-hidden="true" />
            Record Usage
          </Button>
        ) : null}
        <Collapsible open={historyOpen} onOpenChange={setHistoryOpen}>
          <CollapsibleTrigger asChild>
            <Button variant="ghost" size="sm" className="w-full">
              <History aria-hidden="true" />
              {historyOpen ? "Hide history" : "History"}
            </Button>
          </CollapsibleTrigger>
          <CollapsibleContent>
            {historyOpen ? (
              <div className="flex flex-col gap-2">
                <h4 className="font-medium text-muted-foreground text-xs">Usage</h4>
                <UsageHistory supply={supply} />
                <h4 className="font-medium text-muted-foreground text-xs">Deliveries and counts</h4>
                <StockEventHistory supply={supply} />
              </div>
            ) : null}
          </CollapsibleContent>
        </Collapsible>
      </div>
    </RecordCard>
  );
}
