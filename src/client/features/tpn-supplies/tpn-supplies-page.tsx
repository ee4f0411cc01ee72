import { useQuery } from "@tanstack/react-query";
import { ClipboardCheck, FileDown, PackagePlus, PackageSearch } from "lucide-react";
import { useState } from "react";
import { DialogRecordScreen } from "@/client/components/record-screen/dialog-record-screen";
import { RecordDialog } from "@/client/components/record-screen/record-dialog";
import { defineRecordScreen } from "@/client/components/record-screen/types";
import {
  supplyUsageFields,
  supplyUsageFormSchema,
  supplyUsageFormValues,
} from "@/client/components/supply-usage/supply-usage-form";
import { useSupplyUsageMutations } from "@/client/components/supply-usage/use-supply-usage";
import { Button } from "@/client/components/ui/button";
import { useCan } from "@/client/lib/permissions";
import { type SupplyListItem, suppliesApi } from "@/client/lib/supplies-api";
import { ReorderBanner } from "./components/reorder-banner";
import { StockLinesDialog, type StockLinesMode } from "./components/stock-lines-dialog";
import { SupplyCard } from "./components/supply-card";
import { SupplyKitsCard } from "./components/supply-kits-card";
import { downloadSuppliesCsv } from "./supplies-csv";
import { supplyForm } from "./supply-form";

const suppliesScreen = defineRecordScreen({
  title: "TPN Supplies",
  subtitle:
    "What is on the shelf: stock, reorder thresholds, suppliers and expiry dates, and what each week uses.",
  addLabel: "Add Supply",
  api: suppliesApi,
  // Supplies belong to the household, not to one child.
  followsChildFilter: false,
  messages: {
    created: { title: "Supply added", description: "TPN supply has been added successfully." },
    createFailed: "Failed to add supply.",
    updated: { title: "Supply updated", description: "TPN supply has been updated successfully." },
    updateFailed: "Failed to update supply.",
    deleted: { title: "Supply deleted", description: "TPN supply has been deleted successfully." },
    deleteFailed: "Failed to delete supply.",
  },
  failureTitle: "Error",
  loadingLabel: "Loading supplies...",
  form: supplyForm,
  addForm: { title: "Add New Supply", submitLabel: "Add Supply", pendingLabel: "Adding..." },
  editForm: { title: "Edit Supply", submitLabel: "Update Supply", pendingLabel: "Updating..." },
  renderCard: () => null,
  empty: {
    icon: PackageSearch,
    title: "No supplies found",
    text: "Add the bags, tubing, filters and other supplies you keep at home to see when to reorder.",
    actionLabel: "Add First Supply",
  },
  deletion: { title: "Delete supply", itemName: (supply) => supply.name },
});

/** TPN Supplies: stock on hand, reorder alerts, usage and the CSV for the pharmacy. */
export function TpnSuppliesPage() {
  const supplies = useQuery(suppliesApi.listOptions());
  const [using, setUsing] = useState<{ open: boolean; supply: SupplyListItem | null }>({
    open: false,
    supply: null,
  });
  const { createEntry } = useSupplyUsageMutations();
  const supply = using.supply;
  const [stockForm, setStockForm] = useState<{ open: boolean; mode: StockLinesMode }>({
    open: false,
    mode: "receive",
  });
  const hasSupplies = (supplies.data?.length ?? 0) > 0;
  // A role that only reads keeps the list, the history and the CSV; nothing that moves the stock.
  const canWrite = useCan("write");

  return (
    <DialogRecordScreen
      config={suppliesScreen}
      headerExtras={
        <>
          {hasSupplies && canWrite ? (
            <>
              <Button variant="outline" onClick={() => setStockForm({ open: true, mode: "receive" })}>
                <PackagePlus aria-hidden="true" />
                Receive delivery
              </Button>
              <Button variant="outline" onClick={() => setStockForm({ open: true, mode: "count" })}>
                <ClipboardCheck aria-hidden="true" />
                Count stock
              </Button>
            </>
          ) : null}
          <Button
            variant="outline"
            onClick={() => downloadSuppliesCsv(supplies.data ?? [])}
            disabled={!supplies.data}
          >
            <FileDown aria-hidden="true" />
            Export CSV
          </Button>
        </>
      }
      filters={
        <>
          <ReorderBanner supplies={supplies.data ?? []} />
          {hasSupplies ? <SupplyKitsCard supplies={supplies.data ?? []} /> : null}
        </>
      }
      renderCard={(item, actions) => (
        <SupplyCard
          supply={item}
          {...actions}
          onRecordUsage={canWrite ? () => setUsing({ open: true, supply: item }) : undefined}
        />
      )}
      dialogs={
        <>
          <StockLinesDialog
            mode={stockForm.mode}
            open={stockForm.open}
            onOpenChange={(open) => setStockForm((state) => ({ ...state, open }))}
            supplies={supplies.data ?? []}
          />
          <RecordDialog
            open={using.open}
            onOpenChange={(open) => setUsing((state) => ({ ...state, open }))}
            title="Record Supply Usage"
            description={
              supply ? `${supply.name} · Current stock: ${supply.currentStock} ${supply.unit}` : undefined
            }
            schema={supplyUsageFormSchema}
            fields={supplyUsageFields}
            defaultValues={supplyUsageFormValues(null)}
            submitLabel="Record Usage"
            pendingLabel="Recording..."
            onSubmit={(input, entry) =>
              supply
                ? createEntry.mutateAsync({
                    input: { ...input, supplyId: supply.id },
                    entryKey: entry.key,
                    label: `usage of ${supply.name} (${input.quantityUsed} ${supply.unit})`,
                  })
                : Promise.resolve()
            }
          />
        </>
      }
    />
  );
}
