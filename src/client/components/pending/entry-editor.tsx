import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { DoseDialog } from "@/client/components/doses/dose-dialog";
import { RecordDialog } from "@/client/components/record-screen/record-dialog";
import { supplyUsageFields, supplyUsageFormSchema } from "@/client/components/supply-usage/supply-usage-form";
import { useSupplyUsageMutations } from "@/client/components/supply-usage/use-supply-usage";
import { type DoseBody, dosesApi } from "@/client/lib/doses-api";
import { medicationsApi } from "@/client/lib/medications-api";
import type { OutboxEntry } from "@/client/lib/outbox/entry";
import { suppliesApi, supplyUsageApi } from "@/client/lib/supplies-api";
import { familyClock, timeIn, todayIn } from "@/domain/clock";

/**
 * The form of an entry waiting to send that no screen's list edits: a dose given or skipped, a
 * supply's usage. It opens with what was saved and saves under the same record id, so the
 * change replaces what waits (an unsent create stays one create) and is sent at once if it can be.
 */
export function EntryEditor({ entry, onClose }: { entry: OutboxEntry; onClose: () => void }) {
  const [open, setOpen] = useState(true);
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) onClose();
  };
  if (entry.path === dosesApi.basePath)
    return <DoseEditor entry={entry} open={open} onOpenChange={onOpenChange} />;
  if (entry.path === supplyUsageApi.basePath) {
    return <UsageEditor entry={entry} open={open} onOpenChange={onOpenChange} />;
  }
  return null;
}

interface EditorProps {
  entry: OutboxEntry;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function DoseEditor({ entry, open, onOpenChange }: EditorProps) {
  const medications = useQuery(medicationsApi.listOptions());
  if (!medications.data && !medications.isError) return null;
  const body = entry.body as unknown as DoseBody;
  const { timeZone } = familyClock();
  const at = new Date(body.givenAt);
  return (
    <DoseDialog
      open={open}
      onOpenChange={onOpenChange}
      status={body.status}
      medication={medications.data?.find((m) => m.id === body.medicationId) ?? null}
      title={`Edit the ${entry.label}`}
      description="Saved on this phone, not sent yet."
      values={{
        medicationId: body.medicationId,
        date: todayIn(timeZone, at),
        time: timeIn(timeZone, at),
        amount: body.amount ?? "",
        reason: body.reason ?? "",
        notes: body.notes ?? "",
      }}
      entryKey={entry.recordId}
    />
  );
}

function UsageEditor({ entry, open, onOpenChange }: EditorProps) {
  const supplies = useQuery(suppliesApi.listOptions());
  const { createEntry } = useSupplyUsageMutations();
  const body = entry.body ?? {};
  const supply = supplies.data?.find((s) => s.id === body.supplyId);
  const text = (value: unknown) => (value === null || value === undefined ? "" : String(value));
  return (
    <RecordDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Edit the ${entry.label}`}
      description="Saved on this phone, not sent yet."
      schema={supplyUsageFormSchema}
      fields={supplyUsageFields}
      defaultValues={{
        quantityUsed: text(body.quantityUsed),
        usageDate: text(body.usageDate),
        notes: text(body.notes),
      }}
      submitLabel="Save"
      pendingLabel="Saving..."
      onSubmit={(input) =>
        createEntry.mutateAsync({
          input: { ...input, supplyId: text(body.supplyId) },
          entryKey: entry.recordId,
          label: supply ? `usage of ${supply.name} (${input.quantityUsed} ${supply.unit})` : entry.label,
        })
      }
    />
  );
}
