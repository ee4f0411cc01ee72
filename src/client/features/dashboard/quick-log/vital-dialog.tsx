import { useState } from "react";
import { useResourceMutations } from "@/client/components/record-screen/use-resource-mutations";
import { FeverCard, type FeverCardReading } from "@/client/components/vitals/fever-card";
import { VitalFormDialog } from "@/client/components/vitals/vital-form-dialog";
import { useAuth } from "@/client/lib/auth";
import { useChildFilter } from "@/client/lib/child-filter";
import { pnFiguresKey } from "@/client/lib/pn-api";
import { dashboardStatsQueryKey } from "@/client/lib/query-keys";
import { type VitalBody, vitalsApi } from "@/client/lib/vitals-api";
import { DEFAULT_FEVER_THRESHOLD_C, isFever, VITAL_LABELS } from "@/domain/vitals";

/**
 * 'Temperature' and 'Weight' from Log now: the number (the cursor waits in it), now, the child
 * shown (or the only child), Save. A temperature answered as a fever with a central line opens the
 * fever card at once. One kept on this device for want of a connection opens it too when it
 * reaches the family's threshold: whether a line was in place cannot be asked then.
 */
export function QuickVitalDialog({
  kind,
  open,
  onOpenChange,
  childId,
}: {
  kind: "temperature" | "weight";
  open: boolean;
  onOpenChange: (open: boolean) => void;
  childId: string | null;
}) {
  const { user } = useAuth();
  const threshold = user?.feverThresholdC ?? DEFAULT_FEVER_THRESHOLD_C;
  const unit = user?.temperatureUnit ?? "C";
  const { children } = useChildFilter();
  const [fever, setFever] = useState<FeverCardReading | null>(null);
  const label = VITAL_LABELS[kind];
  const { createEntry } = useResourceMutations(vitalsApi, {
    messages: {
      created: { title: `${label} logged`, description: "Saved in Vitals." },
      createFailed: `Failed to log the ${label.toLowerCase()}`,
      deleted: "",
      deleteFailed: "",
    },
    // A weight changes the PN prescription's figures per kilogram.
    alsoInvalidate: [dashboardStatsQueryKey, pnFiguresKey],
    entryLabel: label.toLowerCase(),
  });
  const child = children.find((c) => c.id === childId);
  const save = async (body: VitalBody, entry: { key: string }) => {
    const outcome = await createEntry.mutateAsync({ input: body, entryKey: entry.key });
    const reading = { ...body, time: body.time ?? null, site: body.site ?? null };
    if (outcome.saved?.feverWithLine) setFever(outcome.saved);
    else if (outcome.pending && body.kind === "temperature" && isFever(body.value, threshold, unit))
      setFever(reading);
  };
  return (
    <>
      <VitalFormDialog
        open={open}
        onOpenChange={onOpenChange}
        title={`Log ${label}`}
        description={child ? `For ${child.name}. Saved in Vitals.` : "Saved in Vitals."}
        record={null}
        kind={kind}
        childId={childId}
        submitLabel="Save"
        pendingLabel="Saving..."
        draftKey={`Quick:${kind}`}
        onSubmit={save}
      />
      <FeverCard reading={fever} onClose={() => setFever(null)} />
    </>
  );
}
