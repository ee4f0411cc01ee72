import { useQuery } from "@tanstack/react-query";
import { ChoiceChips } from "@/client/components/forms/choice-chips";
import { RecordDialog } from "@/client/components/record-screen/record-dialog";
import type { RecordFieldConfig } from "@/client/components/record-screen/record-fields";
import { supplyUsageFields } from "@/client/components/supply-usage/supply-usage-form";
import { useSupplyUsageMutations } from "@/client/components/supply-usage/use-supply-usage";
import { toDateOnly } from "@/client/lib/format";
import { suppliesApi } from "@/client/lib/supplies-api";
import { supplyUsageInput } from "@/domain/supplies";

type Values = { supplyId: string; quantityUsed: string; usageDate: string; notes: string };

const fields = supplyUsageFields as readonly RecordFieldConfig<Values>[];

/**
 * 'Supply used' from the dashboard: the supplies as one-tap choices (the only one chosen already),
 * quantity 1 and today, so a usage is two or three taps. Stock drops as on TPN Supplies.
 */
export function SupplyUsedDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  // Loaded with the dashboard, so the dialog opens with its choices at once.
  const supplies = useQuery(suppliesApi.listOptions());
  const { createEntry } = useSupplyUsageMutations();
  const list = supplies.data ?? [];
  const only = list.length === 1 ? (list[0]?.id ?? "") : "";
  if (!supplies.data && !supplies.isError) return null;
  return (
    <RecordDialog<Values, ReturnType<typeof supplyUsageInput.parse>>
      open={open}
      onOpenChange={onOpenChange}
      title="Supply Used"
      description={
        list.length === 0
          ? "No supplies yet: add them on TPN Supplies first."
          : "Which supply, and how many. The stock goes down by that much."
      }
      schema={supplyUsageInput}
      fields={fields}
      defaultValues={{ supplyId: only, quantityUsed: "1", usageDate: toDateOnly(), notes: "" }}
      draftKey="Quick:supply-used"
      submitLabel="Record Usage"
      pendingLabel="Recording..."
      onSubmit={(input, entry) => {
        const supply = list.find((s) => s.id === input.supplyId);
        // With the entry's key: without a connection it is kept on this device and sent later, once.
        return createEntry.mutateAsync({
          input,
          entryKey: entry.key,
          label: supply ? `usage of ${supply.name} (${input.quantityUsed} ${supply.unit})` : undefined,
        });
      }}
      renderBefore={(form) => {
        const error = form.formState.errors.supplyId?.message;
        return (
          <ChoiceChips
            label="Supply *"
            value={form.watch("supplyId")}
            onChange={(id) => form.setValue("supplyId", id, { shouldDirty: true, shouldValidate: true })}
            error={typeof error === "string" ? error : undefined}
            choices={list.map((supply) => ({
              value: supply.id,
              label: supply.name,
              hint: `${supply.currentStock} ${supply.unit} left`,
            }))}
          />
        );
      }}
    />
  );
}
