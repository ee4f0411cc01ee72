import { useQuery } from "@tanstack/react-query";
import { Droplets, UserRound } from "lucide-react";
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from "react";
import type { FieldValues } from "react-hook-form";
import { Link } from "wouter";
import { ChildPicker } from "@/client/components/children/child-picker";
import type { RecordDialogProps } from "@/client/components/record-screen/record-dialog";
import {
  RecordScreenDialogs,
  RecordScreenHeader,
  RecordScreenList,
  useOnceTrue,
} from "@/client/components/record-screen/record-screen-parts";
import { defineRecordScreen, type ScreenContext } from "@/client/components/record-screen/types";
import { useFormReopening } from "@/client/components/record-screen/use-form-reopening";
import { type RecordScreenState, useRecordScreen } from "@/client/components/record-screen/use-record-screen";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { EmptyState } from "@/client/components/ui/empty-state";
import { formatCardDate, formatListDate } from "@/client/lib/format";
import { usePageChild } from "@/client/lib/page-child";
import {
  activePnOptions,
  type PnPrescription,
  pnFiguresKey,
  pnPrescriptionsApi,
  TONIGHTS_BAG_PARAM,
} from "@/client/lib/pn-api";
import { dashboardStatsQueryKey } from "@/client/lib/query-keys";
import { suppliesApi, supplyUsageApi } from "@/client/lib/supplies-api";
import { kitDrawNote } from "@/domain/supply-kits";
import { type TpnEntry, tpnApi } from "./api";
import { PnPerKgTrend } from "./components/pn-per-kg-trend";
import { PnPrescriptionSection } from "./components/pn-prescription-section";
import { TpnEntryCard } from "./components/tpn-entry-card";
import { TpnTrends } from "./components/tpn-trends";
import { type TpnEntryBody, type TpnFormValues, tonightsBagValues, tpnForm } from "./tpn-form";

// Tonight's bag is the add form with other starting values: its libraries load on the first tap.
const RecordDialog = lazy(() =>
  import("@/client/components/record-screen/record-dialog").then((m) => ({ default: m.RecordDialog })),
) as <TValues extends FieldValues, TOutput>(props: RecordDialogProps<TValues, TOutput>) => ReactNode;

/** 'For Sofia. Required fields are marked *.' */
const formDescription = ({ child }: ScreenContext) =>
  `${child ? `For ${child.name}. ` : ""}Required fields are marked *.`;

const tpnScreen = defineRecordScreen({
  title: "TPN Nutrition",
  subtitle: "Daily TPN entries: calories, protein, carbohydrates, fat, volume and infusion time.",
  addLabel: "Add TPN Entry",
  api: tpnApi,
  // The screen shows one child at a time, chosen with its own picker.
  followsChildFilter: false,
  messages: {
    created: "TPN entry added successfully",
    createFailed: "Failed to add TPN entry",
    updated: "TPN entry updated successfully",
    updateFailed: "Failed to update TPN entry",
    deleted: "TPN entry deleted successfully",
    deleteFailed: "Failed to delete TPN entry",
  },
  // What a night delivered counts in the figures per kilogram; the bag's kit moved the supplies.
  alsoInvalidate: [dashboardStatsQueryKey, pnFiguresKey, suppliesApi.key, supplyUsageApi.key],
  // "Drew 1 tubing set, 1 filter, 2 caps." and what was short.
  savedNote: kitDrawNote,
  listError: { title: "Failed to fetch TPN entries", toast: true },
  form: tpnForm,
  addForm: { description: formDescription, submitLabel: "Add Entry" },
  editForm: {
    title: "Edit TPN Entry",
    description: (_entry, context) => formDescription(context),
    submitLabel: "Update Entry",
  },
  renderCard: (entry, actions) => <TpnEntryCard entry={entry} {...actions} />,
  empty: {
    icon: Droplets,
    title: "No TPN entries yet",
    text: ({ child }) =>
      `Record ${child?.name ?? "your child"}'s daily TPN: the amounts from the bag label and how long the infusion ran.`,
  },
  deletion: {
    title: "Delete TPN entry",
    itemName: (entry) => `TPN entry for ${formatListDate(entry.date)}`,
  },
});

/**
 * TPN Nutrition: one child's PN prescription with its figures per kilogram, "Tonight's bag" (the
 * entry filled in from the prescription: Save is the second tap), and the daily TPN entries.
 * `?bag=1` (the dashboard's Tonight's bag) opens that form once the prescription is known.
 */
export function TpnNutritionPage() {
  const { childId, child, pick, hasChildren } = usePageChild();
  const blocked = childId ? null : <SelectChildFirst hasChildren={hasChildren} />;
  const screen = useRecordScreen(tpnScreen, { childId, enabled: !blocked });
  const { dialogs } = screen;
  const [bag, setBag] = useState<{ open: boolean; prescription: PnPrescription } | null>(null);
  const openBag = (prescription: PnPrescription) => setBag({ open: true, prescription });
  const bagAsked = useTonightsBagAddress(childId, screen.canWrite, openBag, dialogs.openAdd);
  useFormReopening({
    screenTitle: tpnScreen.title,
    items: screen.gridProps.items,
    // A new record's child depends on the family's children: wait for them. A reader gets no
    // form. Tonight's bag asked for in the address is the form this visit opens, not a draft.
    enabled: !blocked && screen.childrenLoaded && screen.canWrite && !bagAsked,
    openAdd: dialogs.openAdd,
    openEdit: dialogs.openEdit,
  });
  // The versions' start dates, for the entries that followed one.
  const versions = useQuery({
    ...pnPrescriptionsApi.listOptions({ childId: childId ?? "" }),
    enabled: !!childId,
  });
  const startOf = useMemo(
    () => new Map((versions.data ?? []).map((v) => [v.id, v.startDate])),
    [versions.data],
  );
  return (
    <>
      <RecordScreenHeader screen={screen} addButtonProps={{ onClick: dialogs.openAdd }} />
      <Card className="mb-6">
        <CardContent className="pt-5 sm:pt-6">
          <ChildPicker value={childId} onChange={pick} label="Child" id="tpn-child" />
        </CardContent>
      </Card>
      {childId ? (
        <>
          <PnPrescriptionSection
            childId={childId}
            childName={child?.name ?? "your child"}
            onTonightsBag={screen.canWrite ? openBag : undefined}
          />
          <p className="-mt-3 mb-6 text-sm">
            <Link
              href={`/intake-output?child=${childId}&tab=road`}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              Road off PN: the energy from PN and from feeds, week by week
            </Link>
          </p>
          {versions.data?.length ? <PnPerKgTrend childId={childId} /> : null}
          <TpnTrends childId={childId} />
        </>
      ) : null}
      <RecordScreenList
        screen={screen}
        blocked={blocked}
        renderItem={(entry) => (
          <TpnEntryCard
            entry={entry}
            prescribedOn={entry.pnPrescriptionId ? startOf.get(entry.pnPrescriptionId) : null}
            {...screen.cardActions(entry)}
          />
        )}
      />
      <RecordScreenDialogs screen={screen}>
        <TonightsBagDialog
          screen={screen}
          bag={bag}
          onOpenChange={(open) => bag && setBag({ ...bag, open })}
        />
      </RecordScreenDialogs>
    </>
  );
}

/**
 * The add form filled in from the prescription: today, the bag's volume, hours and contents, and
 * the link to the version. What differed tonight is changed before Save; the lot, times and pump
 * alarms are under More details. No draft: the next tap fills it in again from the prescription.
 */
function TonightsBagDialog({
  screen,
  bag,
  onOpenChange,
}: {
  screen: RecordScreenState<TpnEntry, TpnFormValues, TpnEntryBody>;
  bag: { open: boolean; prescription: PnPrescription } | null;
  onOpenChange: (open: boolean) => void;
}) {
  const opened = useOnceTrue(bag?.open === true);
  if (!opened || !bag || !screen.childId) return null;
  const { prescription } = bag;
  const props = screen.formProps(null);
  const child = screen.context.child;
  return (
    <Suspense fallback={null}>
      <RecordDialog
        key={prescription.id}
        {...props}
        open={bag.open}
        onOpenChange={onOpenChange}
        title="Tonight's bag"
        description={`${child ? `For ${child.name}. ` : ""}From the prescription of ${formatCardDate(prescription.startDate)}: change what differed tonight, then Save.`}
        defaultValues={tonightsBagValues(prescription, screen.childId)}
        draftKey={undefined}
        submitLabel="Save"
        pendingLabel="Saving..."
      />
    </Suspense>
  );
}

/**
 * `?bag=1` in the address (the dashboard's Tonight's bag): once the child's prescription is known,
 * opens its Tonight's bag, or the empty add form when none is in force; taken out of the address
 * so a reload does not open it again. Answers whether the address asked for it.
 */
function useTonightsBagAddress(
  childId: string | null,
  canWrite: boolean,
  openBag: (prescription: PnPrescription) => void,
  openAdd: () => void,
) {
  const [asked] = useState(() => new URLSearchParams(window.location.search).has(TONIGHTS_BAG_PARAM));
  const active = useQuery({ ...activePnOptions(childId ?? ""), enabled: asked && !!childId });
  const done = useRef(!asked);
  useEffect(() => {
    if (done.current || !canWrite || !active.data) return;
    done.current = true;
    const params = new URLSearchParams(window.location.search);
    params.delete(TONIGHTS_BAG_PARAM);
    const search = params.toString();
    window.history.replaceState(
      window.history.state,
      "",
      `${window.location.pathname}${search ? `?${search}` : ""}`,
    );
    if (active.data.prescription) openBag(active.data.prescription);
    else openAdd();
  }, [active.data, canWrite, openBag, openAdd]);
  return asked;
}

/** In place of the list until a child is chosen, or a first child profile added. */
function SelectChildFirst({ hasChildren }: { hasChildren: boolean }) {
  return (
    <EmptyState
      icon={hasChildren ? Droplets : UserRound}
      title="Select a child to track TPN nutrition"
      text={
        hasChildren
          ? "Choose a child above to see and add their TPN entries."
          : "TPN entries belong to a child. Add a child profile first, then come back here."
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
