import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { FieldValues } from "react-hook-form";
import type { z } from "zod";
import { ChildAvatar } from "@/client/components/children/child-avatar";
import {
  intakeFields,
  intakeFormSchema,
  intakeFormValues,
  repeatedIntakeValues,
} from "@/client/components/intake-output/intake-form";
import {
  outputFields,
  outputFormSchema,
  outputFormValues,
  repeatedOutputValues,
} from "@/client/components/intake-output/output-form";
import { RecordDialog } from "@/client/components/record-screen/record-dialog";
import type { RecordFieldConfig } from "@/client/components/record-screen/record-fields";
import { useResourceMutations } from "@/client/components/record-screen/use-resource-mutations";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import { useChildFilter } from "@/client/lib/child-filter";
import { formatCardDate } from "@/client/lib/format";
import {
  DAY_BALANCE_KEY,
  type FluidIntake,
  type FluidOutput,
  fluidIntakeApi,
  fluidOutputApi,
} from "@/client/lib/intake-output-api";
import { dashboardStatsQueryKey } from "@/client/lib/query-keys";
import type { ResourceApi } from "@/client/lib/resource-api";
import { INTAKE_SOURCE_LABELS, OUTPUT_KIND_LABELS } from "@/domain/intake-output";

interface FluidKind<T extends { childId: string }, TValues extends FieldValues, TOutput> {
  api: ResourceApi<T, TOutput, { childId?: string }>;
  schema: z.ZodType<TOutput, TValues>;
  fields: readonly RecordFieldConfig<TValues>[];
  blank: (entry: null, childId: string) => TValues;
  again: (last: T) => TValues;
  title: string;
  /** The last one in words: "Ostomy, 80 mL". */
  lastWords: (last: T) => string;
  saved: string;
}

const FEED: FluidKind<FluidIntake, ReturnType<typeof intakeFormValues>, z.output<typeof intakeFormSchema>> = {
  api: fluidIntakeApi,
  schema: intakeFormSchema,
  fields: intakeFields,
  blank: intakeFormValues,
  again: repeatedIntakeValues,
  title: "Feed or drink",
  lastWords: (last) =>
    [INTAKE_SOURCE_LABELS[last.source], last.product, last.totalMl === null ? null : `${last.totalMl} mL`]
      .filter(Boolean)
      .join(", "),
  saved: "Intake logged",
};

const OUTPUT: FluidKind<
  FluidOutput,
  ReturnType<typeof outputFormValues>,
  z.output<typeof outputFormSchema>
> = {
  api: fluidOutputApi,
  schema: outputFormSchema,
  fields: outputFields,
  blank: outputFormValues,
  again: repeatedOutputValues,
  title: "Output",
  lastWords: (last) =>
    [OUTPUT_KIND_LABELS[last.kind], last.volumeMl === null ? "not measured" : `${last.volumeMl} mL`].join(
      ", ",
    ),
  saved: "Output logged",
};

const choice =
  "flex min-h-12 w-full items-center gap-3 rounded-lg border border-border px-3 py-2 text-left font-medium hover:bg-accent focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring/40";

/**
 * "Feed" and "Output" from Log now, in two taps: the form filled in as the child's last one, now
 * (an ostomy emptied as last time, the same bolus again), so Save is the second tap; the first of
 * its kind starts as the Intake & Output screen's add form. Several children and none chosen in
 * the header: first whose.
 */
export function QuickFluidDialog({
  kind,
  open,
  onOpenChange,
  childId,
}: {
  kind: "in" | "out";
  open: boolean;
  onOpenChange: (open: boolean) => void;
  childId: string | null;
}) {
  const { children } = useChildFilter();
  const [chosen, setChosen] = useState<string | null>(null);
  const close = (next: boolean) => {
    if (!next) setChosen(null);
    onOpenChange(next);
  };
  const forChild = childId ?? chosen;
  if (!forChild) {
    const title = kind === "in" ? "Feed or drink" : "Output";
    return (
      <Dialog open={open} onOpenChange={close}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{children.length ? `${title} for which child?` : "No child yet"}</DialogTitle>
            <DialogDescription>
              {children.length
                ? "It is saved on this child's Intake & Output."
                : "Intake and output belong to a child: add a child profile first."}
            </DialogDescription>
          </DialogHeader>
          <ul className="flex flex-col gap-2">
            {children.map((child) => (
              <li key={child.id}>
                <button type="button" className={choice} onClick={() => setChosen(child.id)}>
                  <ChildAvatar name={child.name} color={child.avatarColor} size="sm" />
                  For {child.name}
                </button>
              </li>
            ))}
          </ul>
        </DialogContent>
      </Dialog>
    );
  }
  const childName = children.find((c) => c.id === forChild)?.name ?? null;
  return kind === "in" ? (
    <FluidForm kind={FEED} open={open} onOpenChange={close} childId={forChild} childName={childName} />
  ) : (
    <FluidForm kind={OUTPUT} open={open} onOpenChange={close} childId={forChild} childName={childName} />
  );
}

function FluidForm<T extends { childId: string; date: string }, TValues extends FieldValues, TOutput>({
  kind,
  open,
  onOpenChange,
  childId,
  childName,
}: {
  kind: FluidKind<T, TValues, TOutput>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  childId: string;
  childName: string | null;
}) {
  // The newest first: the first page's first entry is the last one logged.
  const entries = useInfiniteQuery({ ...kind.api.pageOptions({ childId }), staleTime: 0 });
  const { createEntry } = useResourceMutations(kind.api, {
    messages: {
      created: { title: kind.saved, description: "Saved in Intake & Output." },
      createFailed: `Failed to log the ${kind.title.toLowerCase()}`,
      deleted: "",
      deleteFailed: "",
    },
    alsoInvalidate: [DAY_BALANCE_KEY, dashboardStatsQueryKey],
    entryLabel: kind.title.toLowerCase(),
  });
  if (entries.isPending) return null;
  const last = entries.data?.pages[0]?.items[0];
  const whose = childName ? `For ${childName}. ` : "";
  return (
    <RecordDialog<TValues, TOutput>
      key={last ? (last as unknown as { id: string }).id : "first"}
      open={open}
      onOpenChange={onOpenChange}
      title={kind.title}
      description={
        last
          ? `${whose}As last time (${kind.lastWords(last)}, ${formatCardDate(last.date)}), now: change what differed, then Save.`
          : `${whose}Required fields are marked *.`
      }
      schema={kind.schema}
      fields={kind.fields}
      defaultValues={last ? kind.again(last) : kind.blank(null, childId)}
      draftKey={undefined}
      submitLabel="Save"
      pendingLabel="Saving..."
      onSubmit={(input, entry) => createEntry.mutateAsync({ input, entryKey: entry.key })}
    />
  );
}
