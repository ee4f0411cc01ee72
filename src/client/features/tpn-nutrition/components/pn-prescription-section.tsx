import { useQuery } from "@tanstack/react-query";
import { ClipboardList, Droplets, FilePlus2, Pencil, Trash2 } from "lucide-react";
import { useId, useMemo } from "react";
import { RecordAuthors } from "@/client/components/record-screen/record-authors";
import { AddRecordButton, RecordScreenDialogs } from "@/client/components/record-screen/record-screen-parts";
import { defineRecordScreen } from "@/client/components/record-screen/types";
import { useRecordScreen } from "@/client/components/record-screen/use-record-screen";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Spinner } from "@/client/components/ui/spinner";
import { errorMessage } from "@/client/lib/api";
import { formatCardDate, toDateOnly } from "@/client/lib/format";
import { activePnOptions, type PnPrescription, pnPrescriptionsApi } from "@/client/lib/pn-api";
import { pnForm } from "../pn-form";
import { versionDates, versionName, versionWhen } from "../tpn-texts";
import { PnPerKg } from "./pn-per-kg";
import { PnVersionHistory, VersionDetails } from "./pn-version-history";

/** The prescription's versions as a record screen: its new version starts from the one in force. */
function pnScreen(active: PnPrescription | null) {
  return defineRecordScreen({
    title: "PN prescription",
    subtitle: "",
    addLabel: active ? "New version" : "Add PN prescription",
    api: pnPrescriptionsApi,
    followsChildFilter: false,
    messages: {
      created: { title: "PN prescription saved", description: "Tonight's bag follows the version in force." },
      createFailed: "Failed to save the PN prescription",
      updated: { title: "PN prescription saved", description: "The change was saved." },
      updateFailed: "Failed to change the PN prescription",
      deleted: {
        title: "Version deleted",
        description: "The version before is in force for its days again.",
      },
      deleteFailed: "Failed to delete the version",
    },
    form: pnForm(active),
    addForm: {
      title: active ? "New version of the PN prescription" : "Add PN prescription",
      description: ({ child }) =>
        active
          ? `For ${child?.name ?? "the child"}. Filled in from the version in force: change what the prescriber changed.`
          : `For ${child?.name ?? "the child"}, from the pharmacy label or the clinic's letter. Required fields are marked *.`,
      submitLabel: "Save",
      pendingLabel: "Saving...",
    },
    editForm: {
      title: "Edit PN prescription",
      description: (version) =>
        `Correct what was written down for ${versionName(version, toDateOnly())}. A changed prescription is a new version, so the history keeps this one.`,
      submitLabel: "Save Changes",
      pendingLabel: "Saving...",
    },
    renderCard: () => null,
    empty: {
      icon: ClipboardList,
      title: "No PN prescription yet",
      text: "",
    },
    deletion: {
      title: "Delete prescription version",
      description: (version) =>
        `Delete ${versionName(version, toDateOnly())}? The version before it is then in force for its days. This action cannot be undone.`,
    },
  });
}

/**
 * A child's PN prescription on TPN Nutrition: the version in force (how the bag runs, what is in
 * it, who prescribed it, since when) with its figures per kilogram, "Tonight's bag", "New
 * version" and "Edit"; the earlier versions on asking; an invitation to add the first one. A role
 * that only reads sees all of it and none of the buttons that write.
 */
export function PnPrescriptionSection({
  childId,
  childName,
  onTonightsBag,
}: {
  childId: string;
  childName: string;
  /** Opens the TPN entry form filled in from the version in force (left out for a role that only reads). */
  onTonightsBag?: (prescription: PnPrescription) => void;
}) {
  const figures = useQuery(activePnOptions(childId));
  const active = figures.data?.prescription ?? null;
  const config = useMemo(() => pnScreen(active), [active]);
  const screen = useRecordScreen(config, { childId });
  const headingId = useId();
  const today = toDateOnly();
  const versions = screen.list.data ?? [];
  // Without one in force yet (the first starts later), the next one is shown in its place.
  const upcoming = versions.filter((v) => versionWhen(v, today) === "upcoming");
  const shown = active ?? upcoming.at(-1) ?? null;
  const others = versions.filter((v) => v.id !== shown?.id);
  const loading = figures.isLoading || screen.list.isLoading;
  const error = figures.error ?? screen.list.error;
  const { openAdd, openEdit, openDelete } = screen.dialogs;
  return (
    <Card role="region" aria-labelledby={headingId} className="mb-6">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <CardTitle id={headingId}>PN prescription</CardTitle>
          {shown ? (
            <CardDescription>
              {[versionDates(shown, today), shown.prescriber ? `prescribed by ${shown.prescriber}` : null]
                .filter(Boolean)
                .join(" · ")}
            </CardDescription>
          ) : null}
        </div>
        {active && onTonightsBag ? (
          <Button size="lg" className="max-sm:w-full" onClick={() => onTonightsBag(active)}>
            <Droplets aria-hidden="true" />
            Tonight's bag
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {loading ? <Spinner label="Loading the prescription..." className="py-4" /> : null}
        {error && !loading ? (
          <div role="alert" className="flex flex-col items-start gap-2 text-destructive text-sm">
            <p>{errorMessage(error)}</p>
            <Button
              variant="outline"
              size="sm"
              onClick={() => void Promise.all([figures.refetch(), screen.list.refetch()])}
            >
              Try again
            </Button>
          </div>
        ) : null}
        {!loading && !error && !shown ? (
          <NoPrescription childName={childName} canWrite={screen.canWrite} onAdd={openAdd} />
        ) : null}
        {shown ? (
          <>
            <div className="flex flex-col gap-1">
              <VersionDetails version={shown} prominent />
              <RecordAuthors record={shown} />
            </div>
            {shown !== active ? (
              <p className="text-muted-foreground text-sm">
                It starts on {formatCardDate(shown.startDate)}: tonight's bag and the figures per kilogram
                follow it from then.
              </p>
            ) : null}
            {active && figures.data ? (
              <PnPerKg figures={figures.data} childId={childId} childName={childName} />
            ) : null}
            {screen.canWrite ? (
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" onClick={openAdd}>
                  <FilePlus2 aria-hidden="true" />
                  New version
                </Button>
                <Button variant="outline" onClick={() => openEdit(shown)}>
                  <Pencil aria-hidden="true" />
                  Edit
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Delete ${versionName(shown, today)}`}
                  className="text-destructive hover:bg-red-50 hover:text-destructive"
                  onClick={() => openDelete(shown)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            ) : null}
          </>
        ) : null}
        {others.length ? (
          <PnVersionHistory
            versions={others}
            today={today}
            onEdit={screen.canWrite ? openEdit : undefined}
            onDelete={screen.canWrite ? openDelete : undefined}
          />
        ) : null}
      </CardContent>
      <RecordScreenDialogs screen={screen} />
    </Card>
  );
}

function NoPrescription({
  childName,
  canWrite,
  onAdd,
}: {
  childName: string;
  canWrite: boolean;
  onAdd: () => void;
}) {
  return (
    <div className="flex flex-col items-start gap-3 rounded-lg border border-border border-dashed p-4">
      <p className="font-medium">No PN prescription yet</p>
      <p className="text-muted-foreground text-sm">
        {canWrite
          ? `Add ${childName}'s prescription from the pharmacy label or the clinic's letter: the bag's volume, hours, rate and contents. "Tonight's bag" then fills in each night's entry, and the GIR and kcal per kilogram follow the latest weight.`
          : "The prescription the family adds will show here, with its figures per kilogram."}
      </p>
      {canWrite ? <AddRecordButton label="Add PN prescription" onClick={onAdd} /> : null}
    </div>
  );
}
