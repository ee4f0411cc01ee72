import { useInfiniteQuery } from "@tanstack/react-query";
import { Pencil, Trash2 } from "lucide-react";
import { ConfirmDeleteDialog } from "@/client/components/record-screen/confirm-delete-dialog";
import { LoadMore } from "@/client/components/record-screen/record-card-grid";
import { RecordDialog } from "@/client/components/record-screen/record-dialog";
import { useRecordDialogs } from "@/client/components/record-screen/use-record-dialogs";
import {
  supplyUsageFields,
  supplyUsageFormSchema,
  supplyUsageFormValues,
} from "@/client/components/supply-usage/supply-usage-form";
import { useSupplyUsageMutations } from "@/client/components/supply-usage/use-supply-usage";
import { Button } from "@/client/components/ui/button";
import { Spinner } from "@/client/components/ui/spinner";
import { errorMessage } from "@/client/lib/api";
import { formatListDate } from "@/client/lib/format";
import { useCan } from "@/client/lib/permissions";
import { type SupplyListItem, type SupplyUsage, supplyUsageApi } from "@/client/lib/supplies-api";
import { KIT_DRAWN_BY } from "@/domain/supply-kits";

/**
 * One supply's recorded usage, newest first, a page at a time (years of daily use are thousands). Editing a usage moves the stock by the difference;
 * deleting one gives back what it took (the server does both in the same transaction). A role that
 * only reads sees the list without Edit or Delete.
 */
export function UsageHistory({ supply }: { supply: SupplyListItem }) {
  const list = useInfiniteQuery(supplyUsageApi.pageOptions({ supplyId: supply.id }));
  const { update, remove } = useSupplyUsageMutations();
  const dialogs = useRecordDialogs<SupplyUsage>();
  const canWrite = useCan("write");
  const editing = dialogs.editing;
  const deleting = dialogs.deleting;

  if (list.isLoading) return <Spinner label="Loading usage..." className="py-3" />;
  if (list.error) return <p className="py-2 text-destructive text-sm">{errorMessage(list.error)}</p>;
  const usage = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      {usage.length === 0 ? (
        <p className="py-2 text-center text-muted-foreground text-sm">No usage recorded yet.</p>
      ) : (
        <ul aria-label={`Usage of ${supply.name}`} className="divide-y divide-border text-sm">
          {usage.map((item) => (
            <li key={item.id} className="flex items-center gap-2 py-1.5">
              <div className="min-w-0 flex-1">
                <p>
                  <span className="font-medium">
                    {item.quantityUsed} {supply.unit}
                  </span>{" "}
                  on {formatListDate(item.usageDate)}
                </p>
                {item.tpnEntryId || item.lineCareEventId ? (
                  <p className="text-muted-foreground text-xs">
                    Drawn by {item.tpnEntryId ? KIT_DRAWN_BY["pn-bag"] : KIT_DRAWN_BY.dressing}'s kit
                    {item.quantityShort > 0 ? `: ${item.quantityShort} ${supply.unit} short in stock` : ""}
                  </p>
                ) : null}
                {item.notes ? (
                  <p className="break-words text-muted-foreground text-xs">{item.notes}</p>
                ) : null}
              </div>
              {canWrite ? (
                <>
                  {/* A kit's draw changes with its bag or dressing: deleting it is still offered. */}
                  {item.tpnEntryId || item.lineCareEventId ? null : (
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Edit usage of ${formatListDate(item.usageDate)}`}
                      onClick={() => dialogs.openEdit(item)}
                    >
                      <Pencil aria-hidden="true" />
                    </Button>
                  )}
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Delete usage of ${formatListDate(item.usageDate)}`}
                    className="text-destructive hover:bg-red-50 hover:text-destructive"
                    onClick={() => dialogs.openDelete(item)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </>
              ) : null}
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
      <RecordDialog
        open={dialogs.formOpen}
        onOpenChange={dialogs.setFormOpen}
        title="Edit Supply Usage"
        description={`${supply.name}. Changing the quantity moves the stock by the difference.`}
        schema={supplyUsageFormSchema}
        fields={supplyUsageFields}
        defaultValues={supplyUsageFormValues(editing)}
        submitLabel="Update Usage"
        pendingLabel="Updating..."
        onSubmit={(input) => (editing ? update.mutateAsync({ id: editing.id, input }) : Promise.resolve())}
      />
      <ConfirmDeleteDialog
        open={dialogs.deleteOpen}
        onOpenChange={dialogs.setDeleteOpen}
        title="Delete supply usage"
        description={
          deleting
            ? `Delete the usage of ${deleting.quantityUsed} ${supply.unit} on ${formatListDate(deleting.usageDate)}? The ${deleting.quantityUsed - deleting.quantityShort} taken go back into the stock.`
            : undefined
        }
        onConfirm={() => (deleting ? remove.mutateAsync(deleting.id) : Promise.resolve())}
      />
    </>
  );
}
