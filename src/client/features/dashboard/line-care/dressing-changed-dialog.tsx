import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { ChoiceChips } from "@/client/components/forms/choice-chips";
import { LengthFlag } from "@/client/components/line-care/length-flag";
import { useLineCareMutations } from "@/client/components/line-care/use-line-care-mutations";
import { RecordDialog } from "@/client/components/record-screen/record-dialog";
import type { RecordFieldConfig } from "@/client/components/record-screen/record-fields";
import { formatTime, toDateOnly, toTimeOnly } from "@/client/lib/format";
import { lastDressingOptions, type PiccLine } from "@/client/lib/line-care-api";
import { intervalText } from "@/client/lib/line-care-pills";
import { lengthFlagText, typedLength } from "@/client/lib/line-length-flag";
import { DEFAULT_INTERVAL_HOURS } from "@/domain/line-care";
import { lineCareInput } from "@/domain/line-care-records";

type Values = {
  childId: string;
  piccLineId: string;
  kind: string;
  dressingType: string;
  date: string;
  time: string;
  externalLengthCm: string;
  notes: string;
};

const WHEN_FIELDS: readonly RecordFieldConfig<Values>[] = [
  { name: "date", label: "Date *", type: "date", required: true },
  { name: "time", label: "Time", type: "time" },
];

const MORE_FIELDS: readonly RecordFieldConfig<Values>[] = [
  {
    name: "externalLengthCm",
    label: "External length (cm)",
    type: "number",
    step: "0.1",
    min: "0",
    more: true,
  },
  { name: "notes", label: "Notes", type: "textarea", rows: 2, more: true },
];

export type DressingLine = Pick<
  PiccLine,
  "id" | "childId" | "externalLengthCm" | "dressingTransparentHours" | "dressingGauzeHours"
>;

/**
 * "Dressing changed" from the dashboard, in two taps: the dressing of last time is chosen and the
 * time is now, so Save is the second tap. "Earlier" asks for the date and time; More details
 * takes the external length (flagged when more than 1 cm off) and notes.
 */
export function DressingChangedDialog({
  open,
  onOpenChange,
  line,
  childName,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  line: DressingLine;
  childName: string | null;
}) {
  // The card asked for it already: usually answered before the tap.
  const last = useQuery(lastDressingOptions(line.id));
  const { createEntry } = useLineCareMutations({
    title: "Dressing change logged",
    description: childName ? `On ${childName}'s line.` : "On the line in place.",
  });
  const [when, setWhen] = useState<"now" | "earlier">("now");
  const [opened, setOpened] = useState(open);
  if (open !== opened) {
    // Each opening starts at "now".
    setOpened(open);
    if (open) setWhen("now");
  }
  if (!last.data && !last.isError) return null;
  const lastType = last.data?.[0]?.dressingType ?? "transparent";
  const every = {
    transparent: intervalText(line.dressingTransparentHours ?? DEFAULT_INTERVAL_HOURS.dressingTransparent),
    gauze: intervalText(line.dressingGauzeHours ?? DEFAULT_INTERVAL_HOURS.dressingGauze),
  };
  return (
    <RecordDialog<Values, z.output<typeof lineCareInput>>
      open={open}
      onOpenChange={onOpenChange}
      title="Dressing changed"
      description={`${childName ? `${childName}'s line` : "The line in place"}. Logged on PICC Lines.`}
      schema={lineCareInput}
      fields={when === "earlier" ? [...WHEN_FIELDS, ...MORE_FIELDS] : MORE_FIELDS}
      defaultValues={{
        childId: line.childId,
        piccLineId: line.id,
        kind: "dressing",
        dressingType: lastType,
        date: toDateOnly(),
        time: toTimeOnly(),
        externalLengthCm: "",
        notes: "",
      }}
      submitLabel="Save"
      pendingLabel="Saving..."
      onSubmit={(input, entry) =>
        createEntry.mutateAsync({
          // "Now" is the moment of saving, however long the dialog stayed open.
          input: when === "now" ? { ...input, date: toDateOnly(), time: toTimeOnly() } : input,
          entryKey: entry.key,
          label: "dressing change",
        })
      }
      renderBefore={(form) => (
        <>
          <ChoiceChips
            label="Dressing"
            value={form.watch("dressingType")}
            onChange={(type) =>
              form.setValue("dressingType", type, { shouldDirty: true, shouldValidate: true })
            }
            error={form.formState.errors.dressingType?.message}
            choices={[
              { value: "transparent", label: "Transparent", hint: every.transparent },
              { value: "gauze", label: "Gauze", hint: every.gauze },
            ]}
          />
          <ChoiceChips
            label="When"
            value={when}
            onChange={(value) => setWhen(value === "earlier" ? "earlier" : "now")}
            choices={[
              { value: "now", label: "Now", hint: formatTime(toTimeOnly()) },
              { value: "earlier", label: "Earlier", hint: "Choose the date and time" },
            ]}
          />
          <FollowLastDressing form={form} lastType={lastType} />
          <LengthFlag
            live
            text={lengthFlagText(line.externalLengthCm, typedLength(form.watch("externalLengthCm")))}
          />
        </>
      )}
    />
  );
}

/**
 * The dialog opens at once with the last dressing known on this device; when the server's answer
 * says another (logged meanwhile on another phone), that one is chosen, unless a choice was made.
 */
function FollowLastDressing({
  form,
  lastType,
}: {
  form: UseFormReturn<Values, unknown, z.output<typeof lineCareInput>>;
  lastType: string;
}) {
  useEffect(() => {
    if (!form.getFieldState("dressingType").isDirty) form.setValue("dressingType", lastType);
  }, [form, lastType]);
  return null;
}
