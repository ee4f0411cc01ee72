import { Baby, Ruler, Scale, Thermometer } from "lucide-react";
import { createContext, useContext } from "react";
import {
  defineRecordScreen,
  type RecordFormDialogProps,
  type RecordScreenConfig,
} from "@/client/components/record-screen/types";
import type { EntryOutcome } from "@/client/components/record-screen/use-resource-mutations";
import { VitalFormDialog } from "@/client/components/vitals/vital-form-dialog";
import { useAuth } from "@/client/lib/auth";
import { pnFiguresKey } from "@/client/lib/pn-api";
import { dashboardStatsQueryKey } from "@/client/lib/query-keys";
import { type Vital, type VitalBody, vitalsApi } from "@/client/lib/vitals-api";
import { VITAL_KINDS, VITAL_LABELS, type VitalKind } from "@/domain/vitals";
import { VitalCard, vitalWhen } from "./components/vital-card";

/** What a tab's add and edit forms need from it: the kind and child shown, and what a save answered. */
export interface VitalTabContextValue {
  kind: VitalKind;
  childId: string;
  /**
   * Called with each saved measurement: a fever with a central line opens the fever card; another
   * kind than the tab's shows its own tab.
   */
  onSaved: (vital: Vital) => void;
}
export const VitalTabContext = createContext<VitalTabContextValue | null>(null);

/** What one measurement is called in a sentence: "temperature", "length / height". */
const noun = (kind: VitalKind) => VITAL_LABELS[kind].toLowerCase();

/** The add or edit form of a tab's measurement. */
function VitalTabDialog(props: RecordFormDialogProps<Vital, VitalBody>) {
  const context = useContext(VitalTabContext);
  return (
    <VitalFormDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={props.title}
      description={props.description}
      record={props.record}
      kind={context?.kind ?? "temperature"}
      childId={context?.childId ?? null}
      chooseKind
      submitLabel={props.submitLabel}
      pendingLabel={props.pendingLabel}
      draftKey={`Vitals:${props.record ? props.record.id : "new"}`}
      onSubmit={async (body, entry) => {
        // A new measurement goes through this device's outbox (`entry`): saved, or waiting to be sent.
        const answer = await props.onSubmit(body, props.record ? undefined : entry);
        const saved = props.record ? answer : (answer as EntryOutcome<Vital>).saved;
        if (saved) context?.onSaved(saved as Vital);
      }}
    />
  );
}

const EMPTY_TEXT: Record<VitalKind, string> = {
  temperature: "Write down each temperature you take: with a central line, a fever needs action at once.",
  weight: "Add a weight at each weigh-in to follow growth on the WHO and CDC charts.",
  height: "Add a length (lying down, under 2 years) or height (standing) to follow growth.",
  "head-circumference": "Add a head circumference from the clinic's measurement to follow growth.",
};
const EMPTY_ICON = { temperature: Thermometer, weight: Scale, height: Ruler, "head-circumference": Baby };

function vitalScreen(kind: VitalKind) {
  const label = VITAL_LABELS[kind];
  return defineRecordScreen({
    title: label,
    subtitle: "",
    addLabel: `Add ${label}`,
    api: vitalsApi,
    followsChildFilter: false,
    // The form may save another kind than the tab's: the words name none.
    messages: {
      created: { title: "Measurement saved", description: "It was added to Vitals." },
      createFailed: "Failed to add the measurement",
      updated: { title: "Measurement saved", description: "The change was saved." },
      updateFailed: "Failed to change the measurement",
      deleted: { title: `${label} deleted`, description: `The ${noun(kind)} was deleted.` },
      deleteFailed: `Failed to delete the ${noun(kind)}`,
    },
    // A weight changes the PN prescription's figures per kilogram.
    alsoInvalidate: [dashboardStatsQueryKey, pnFiguresKey],
    listError: { title: `Failed to load the ${noun(kind)} entries` },
    form: { Dialog: VitalTabDialog },
    addForm: {
      submitLabel: "Save",
      pendingLabel: "Saving...",
      description: ({ child }) => `For ${child?.name ?? "the child"}. Required fields are marked *.`,
    },
    editForm: { title: `Edit ${label}`, submitLabel: "Save Changes", pendingLabel: "Saving..." },
    renderCard: (vital, actions) => <UnitCard vital={vital} {...actions} />,
    empty: { icon: EMPTY_ICON[kind], title: `No ${noun(kind)} entries yet`, text: EMPTY_TEXT[kind] },
    deletion: {
      title: `Delete ${noun(kind)}`,
      description: (vital) =>
        `Delete the ${noun(kind)} of ${vitalWhen(vital)}? This action cannot be undone.`,
    },
    skeletonCount: 3,
  });
}

/** The config's card (the page passes its own, with the fever card and percentiles). */
function UnitCard({ vital, ...actions }: { vital: Vital; onEdit?: () => void; onDelete?: () => void }) {
  const unit = useAuth().user?.temperatureUnit ?? "C";
  return <VitalCard vital={vital} unit={unit} {...actions} />;
}

/** One screen configuration per kind, made once. */
export const VITAL_SCREENS = Object.fromEntries(
  VITAL_KINDS.map((kind) => [kind, vitalScreen(kind)]),
) as Record<VitalKind, RecordScreenConfig<Vital, Record<string, never>, VitalBody>>;
