import { GlassWater, Repeat, UserRound } from "lucide-react";
import { lazy, type ReactNode, Suspense, useState } from "react";
import type { FieldValues } from "react-hook-form";
import { Link, useSearch } from "wouter";
import { ChildPicker } from "@/client/components/children/child-picker";
import { intakeForm, repeatedIntakeValues } from "@/client/components/intake-output/intake-form";
import { outputForm, repeatedOutputValues } from "@/client/components/intake-output/output-form";
import type { RecordDialogProps } from "@/client/components/record-screen/record-dialog";
import {
  AddRecordButton,
  RecordScreenDialogs,
  RecordScreenHeader,
  RecordScreenList,
  useOnceTrue,
} from "@/client/components/record-screen/record-screen-parts";
import {
  defineRecordScreen,
  type ScreenContext,
  type ScreenRecord,
} from "@/client/components/record-screen/types";
import { type RecordScreenState, useRecordScreen } from "@/client/components/record-screen/use-record-screen";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { EmptyState } from "@/client/components/ui/empty-state";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/client/components/ui/tabs";
import { formatCardDate, toDateOnly } from "@/client/lib/format";
import {
  DAY_BALANCE_KEY,
  fluidIntakeApi,
  fluidLimitsApi,
  fluidOutputApi,
} from "@/client/lib/intake-output-api";
import { usePageChild } from "@/client/lib/page-child";
import { dashboardStatsQueryKey } from "@/client/lib/query-keys";
import { tasksKey } from "@/client/lib/tasks-api";
import { INTAKE_SOURCE_LABELS, OUTPUT_KIND_LABELS } from "@/domain/intake-output";
import { DayBalance } from "./components/day-balance";
import { IntakeCard } from "./components/intake-card";
import { OutputCard } from "./components/output-card";
import { RoadOffPn } from "./components/road-off-pn";
import { limitsForm, limitsFormValues } from "./limits-form";

// "Repeat last" is the add form with other starting values: its libraries load on the first tap.
const RecordDialog = lazy(() =>
  import("@/client/components/record-screen/record-dialog").then((m) => ({ default: m.RecordDialog })),
) as <TValues extends FieldValues, TOutput>(props: RecordDialogProps<TValues, TOutput>) => ReactNode;

/** 'For Sofia. Required fields are marked *.' */
const formDescription = ({ child }: ScreenContext) =>
  `${child ? `For ${child.name}. ` : ""}Required fields are marked *.`;

const intakeScreen = defineRecordScreen({
  title: "Intake & Output",
  subtitle: "What went in besides the PN bag and what came out, with each day's balance per kilogram.",
  addLabel: "Add Intake",
  api: fluidIntakeApi,
  followsChildFilter: false,
  messages: {
    created: "Intake saved",
    createFailed: "Failed to save the intake",
    updated: "Intake updated",
    updateFailed: "Failed to update the intake",
    deleted: "Intake deleted",
    deleteFailed: "Failed to delete the intake",
  },
  alsoInvalidate: [DAY_BALANCE_KEY, dashboardStatsQueryKey],
  listError: { title: "Failed to load the intake" },
  form: intakeForm,
  addForm: {
    title: "New Intake",
    description: formDescription,
    submitLabel: "Save",
    pendingLabel: "Saving...",
  },
  editForm: {
    title: "Edit Intake",
    description: (_entry, context) => formDescription(context),
    submitLabel: "Save Changes",
  },
  renderCard: (entry, actions) => <IntakeCard entry={entry} {...actions} />,
  empty: {
    icon: GlassWater,
    title: "No intake yet",
    actionLabel: "Add First Intake",
    text: ({ child }) =>
      `Log ${child?.name ?? "your child"}'s tube feeds, drinks and IV fluids: with the PN bag they make the day's intake.`,
  },
  deletion: {
    title: "Delete intake",
    description: (entry) =>
      `Delete the ${INTAKE_SOURCE_LABELS[entry.source].toLowerCase()} of ${formatCardDate(entry.date)}? This action cannot be undone.`,
  },
});

const outputScreen = defineRecordScreen({
  title: "Output",
  subtitle: "",
  addLabel: "Add Output",
  api: fluidOutputApi,
  followsChildFilter: false,
  messages: {
    created: "Output saved",
    createFailed: "Failed to save the output",
    updated: "Output updated",
    updateFailed: "Failed to update the output",
    deleted: "Output deleted",
    deleteFailed: "Failed to delete the output",
  },
  alsoInvalidate: [DAY_BALANCE_KEY, dashboardStatsQueryKey],
  listError: { title: "Failed to load the output" },
  form: outputForm,
  addForm: {
    title: "New Output",
    description: formDescription,
    submitLabel: "Save",
    pendingLabel: "Saving...",
  },
  editForm: {
    title: "Edit Output",
    description: (_entry, context) => formDescription(context),
    submitLabel: "Save Changes",
  },
  renderCard: (entry, actions) => <OutputCard entry={entry} {...actions} />,
  empty: {
    icon: GlassWater,
    title: "No output yet",
    actionLabel: "Add First Output",
    text: "Log urine, stool or ostomy output, vomit and drains, measured, weighed or just noted.",
  },
  deletion: {
    title: "Delete output",
    description: (entry) =>
      `Delete the ${OUTPUT_KIND_LABELS[entry.kind].toLowerCase()} of ${formatCardDate(entry.date)}? This action cannot be undone.`,
  },
});

const limitsScreen = defineRecordScreen({
  title: "Output limits",
  subtitle: "",
  addLabel: "Set limits",
  api: fluidLimitsApi,
  followsChildFilter: false,
  messages: {
    created: "Limits saved",
    createFailed: "Failed to save the limits",
    updated: "Limits saved",
    updateFailed: "Failed to save the limits",
    deleted: "Limits deleted",
    deleteFailed: "Failed to delete the limits",
  },
  alsoInvalidate: [DAY_BALANCE_KEY, tasksKey],
  listError: { title: "Failed to load the limits" },
  form: limitsForm,
  addForm: { title: "The team's limits", submitLabel: "Save", pendingLabel: "Saving..." },
  editForm: { title: "The team's limits", submitLabel: "Save" },
  renderCard: () => null,
  empty: { icon: GlassWater, title: "No limits set", text: "" },
  deletion: {
    title: "Delete limits",
    description: () => "Delete these limits? This action cannot be undone.",
  },
});

type Tab = "in" | "out" | "road";

/**
 * Intake & Output: one child's day in and out (PN, feeds, drinks, IV fluids; urine, stool,
 * ostomy, vomit, drains) with the figures per kilogram and the energy from feeds, then the entries.
 * "Repeat last feed" and "Repeat last output" fill the add form from the last one, now: Save is
 * the second tap.
 */
export function IntakeOutputPage() {
  const { childId, pick, hasChildren } = usePageChild();
  const blocked = childId ? null : <SelectChildFirst hasChildren={hasChildren} />;
  const intake = useRecordScreen(intakeScreen, { childId, enabled: !blocked });
  const output = useRecordScreen(outputScreen, { childId, enabled: !blocked });
  const limits = useRecordScreen(limitsScreen, { childId, enabled: !blocked });
  const [limitsOpen, setLimitsOpen] = useState(false);
  // `?tab=road` opens the road off PN (the TPN screen links to it).
  const [tab, setTab] = useState<Tab>(new URLSearchParams(useSearch()).get("tab") === "road" ? "road" : "in");
  const today = toDateOnly();
  const [day, setDay] = useState<{ childId: string | null; date: string }>({ childId, date: today });
  // Another child starts at today.
  const date = day.childId === childId ? day.date : today;
  const [repeat, setRepeat] = useState<{ open: boolean; kind: Tab } | null>(null);
  const inForce = limits.list.data?.[0] ?? null;
  const lastIntake = intake.list.data?.[0];
  const lastOutput = output.list.data?.[0];
  const openAddOutput = () => {
    setTab("out");
    output.dialogs.openAdd();
  };
  return (
    <>
      <RecordScreenHeader
        screen={intake}
        addButtonProps={{
          onClick: () => {
            setTab("in");
            intake.dialogs.openAdd();
          },
        }}
        extras={
          <AddRecordButton
            label="Add Output"
            variant="outline"
            disabled={!output.canAdd}
            onClick={openAddOutput}
          />
        }
      />
      <Card className="mb-6">
        <CardContent className="pt-5 sm:pt-6">
          <ChildPicker value={childId} onChange={pick} label="Child" id="intake-output-child" />
        </CardContent>
      </Card>
      {childId ? (
        <>
          <DayBalance
            childId={childId}
            date={date}
            today={today}
            onDate={(next) => setDay({ childId, date: next })}
            onSetLimits={limits.canWrite ? () => setLimitsOpen(true) : undefined}
          />
          {intake.canWrite && (lastIntake || lastOutput) ? (
            <div className="mb-6 flex flex-wrap gap-2">
              {lastIntake ? (
                <Button variant="secondary" onClick={() => setRepeat({ open: true, kind: "in" })}>
                  <Repeat aria-hidden="true" />
                  Repeat last feed
                </Button>
              ) : null}
              {lastOutput ? (
                <Button variant="secondary" onClick={() => setRepeat({ open: true, kind: "out" })}>
                  <Repeat aria-hidden="true" />
                  Repeat last output
                </Button>
              ) : null}
            </div>
          ) : null}
        </>
      ) : null}
      {blocked ?? (
        <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
          <TabsList aria-label="Entries and the road off PN" className="mb-4">
            <TabsTrigger value="in" className="max-sm:h-11">
              In
            </TabsTrigger>
            <TabsTrigger value="out" className="max-sm:h-11">
              Out
            </TabsTrigger>
            <TabsTrigger value="road" className="max-sm:h-11">
              Road off PN
            </TabsTrigger>
          </TabsList>
          <TabsContent value="in">
            <RecordScreenList screen={intake} />
          </TabsContent>
          <TabsContent value="out">
            <RecordScreenList screen={output} />
          </TabsContent>
          <TabsContent value="road">
            {childId ? <RoadOffPn childId={childId} today={today} /> : null}
          </TabsContent>
        </Tabs>
      )}
      <RecordScreenDialogs screen={limits} withFormDialog={false}>
        {childId ? (
          <PrefilledDialog
            screen={limits}
            title="The team's limits"
            description="A day past a limit becomes a task the next morning. Saving keeps these as the limits from now on; the earlier ones stay in the history."
            open={limitsOpen}
            onOpenChange={setLimitsOpen}
            values={() => limitsFormValues(inForce, childId)}
            formKey={inForce?.id ?? "none"}
          />
        ) : null}
      </RecordScreenDialogs>
      <RecordScreenDialogs screen={intake}>
        {lastIntake ? (
          <PrefilledDialog
            screen={intake}
            title="Repeat last feed"
            description={`As on ${formatCardDate(lastIntake.date)}, now: change what differed, then Save.`}
            open={repeat?.open === true && repeat.kind === "in"}
            onOpenChange={(open) => setRepeat(repeat && { ...repeat, open })}
            values={() => repeatedIntakeValues(lastIntake)}
            formKey={lastIntake.id}
          />
        ) : null}
      </RecordScreenDialogs>
      <RecordScreenDialogs screen={output}>
        {lastOutput ? (
          <PrefilledDialog
            screen={output}
            title="Repeat last output"
            description={`As on ${formatCardDate(lastOutput.date)}, now: change what differed, then Save.`}
            open={repeat?.open === true && repeat.kind === "out"}
            onOpenChange={(open) => setRepeat(repeat && { ...repeat, open })}
            values={() => repeatedOutputValues(lastOutput)}
            formKey={lastOutput.id}
          />
        ) : null}
      </RecordScreenDialogs>
    </>
  );
}

/** The add form filled in (the last entry dated now, the limits in force): change what differed, then Save. */
function PrefilledDialog<T extends ScreenRecord, TValues extends FieldValues, TOutput>({
  screen,
  title,
  description,
  open,
  onOpenChange,
  values,
  formKey,
}: {
  screen: RecordScreenState<T, TValues, TOutput>;
  title: string;
  description: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  values: () => TValues;
  /** A new form for each starting record. */
  formKey: string;
}) {
  const opened = useOnceTrue(open);
  if (!opened || !screen.childId) return null;
  const props = screen.formProps(null);
  return (
    <Suspense fallback={null}>
      <RecordDialog
        key={formKey}
        {...props}
        open={open}
        onOpenChange={onOpenChange}
        title={title}
        description={description}
        defaultValues={values()}
        draftKey={undefined}
        submitLabel="Save"
        pendingLabel="Saving..."
      />
    </Suspense>
  );
}

/** In place of the lists until a child is chosen, or a first child profile added. */
function SelectChildFirst({ hasChildren }: { hasChildren: boolean }) {
  return (
    <EmptyState
      icon={hasChildren ? GlassWater : UserRound}
      title="Select a child to track intake and output"
      text={
        hasChildren
          ? "Choose a child above to see their day and add what went in and came out."
          : "Intake and output belong to a child. Add a child profile first, then come back here."
      }
      action={
        hasChildren ? null : (
          <Button asChild variant="outline">
            <Link href="/children">Go to Children Profiles</Link>
          </Button>
        )
      }
    />
  );
}
