import { useInfiniteQuery } from "@tanstack/react-query";
import { ClipboardCheck, PackagePlus } from "lucide-react";
import { LoadMore } from "@/client/components/record-screen/record-card-grid";
import { Spinner } from "@/client/components/ui/spinner";
import { errorMessage } from "@/client/lib/api";
import { formatListDate } from "@/client/lib/format";
import { type SupplyListItem, supplyStockEventsApi } from "@/client/lib/supplies-api";
import { differenceText } from "./stock-lines-dialog";

/** One supply's deliveries and stock counts, newest first, a page at a time. */
export function StockEventHistory({ supply }: { supply: SupplyListItem }) {
  const list = useInfiniteQuery(supplyStockEventsApi.pageOptions({ supplyId: supply.id }));
  if (list.isLoading) return <Spinner label="Loading deliveries and counts..." className="py-3" />;
  if (list.error) return <p className="py-2 text-destructive text-sm">{errorMessage(list.error)}</p>;
  const events = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      {events.length === 0 ? (
        <p className="py-2 text-center text-muted-foreground text-sm">No deliveries or counts yet.</p>
      ) : (
        <ul aria-label={`Deliveries and counts of ${supply.name}`} className="divide-y divide-border text-sm">
          {events.map((event) => (
            <li key={event.id} className="flex items-start gap-2 py-1.5">
              {event.kind === "receipt" ? (
                <PackagePlus aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
              ) : (
                <ClipboardCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
              )}
              <div className="min-w-0 flex-1">
                {event.kind === "receipt" ? (
                  <p>
                    <span className="font-medium">
                      Received +{event.quantity} {supply.unit}
                    </span>{" "}
                    on {formatListDate(event.eventDate)}
                  </p>
                ) : (
                  <p>
                    <span className="font-medium">
                      Counted {event.quantity} {supply.unit}
                    </span>{" "}
                    ({differenceText(event.difference)}) on {formatListDate(event.eventDate)}
                  </p>
                )}
                {event.lot || event.expirationDate ? (
                  <p className="text-muted-foreground text-xs">
                    {[
                      event.lot ? `Lot ${event.lot}` : null,
                      event.expirationDate ? `expires ${formatListDate(event.expirationDate)}` : null,
                    ]
                      .filter(Boolean)
                      .join(", ")}
                  </p>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage ? (
        <LoadMore
          loading={list.isFetchingNextPage}
          load={() => {
            if (!list.isFetchingNextPage) void list.fetchNextPage();
          }}
        />
      ) : null}
    </>
  );
}
