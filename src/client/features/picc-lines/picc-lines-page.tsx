import { Activity, Cable, ShieldAlert, UserRound } from "lucide-react";
import { useEffect, useMemo, useRef } from "react";
import { Link } from "wouter";
import { ChildPicker } from "@/client/components/children/child-picker";
import {
  AddRecordButton,
  ReadOnlyNote,
  RecordScreenDialogs,
  RecordScreenList,
} from "@/client/components/record-screen/record-screen-parts";
import { defineRecordScreen } from "@/client/components/record-screen/types";
import { useRecordScreen } from "@/client/components/record-screen/use-record-screen";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { EmptyState } from "@/client/components/ui/empty-state";
import { PageHeader } from "@/client/components/ui/page-header";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/client/components/ui/tabs";
import { formatListDate } from "@/client/lib/format";
import { lineRatesKey } from "@/client/lib/line-care-api";
import { usePageChild } from "@/client/lib/page-child";
import { useCan } from "@/client/lib/permissions";
import { INFECTION_TYPE_LABELS } from "@/domain/picc";
import { type PiccLine, piccInfectionsApi, piccLinesApi } from "./api";
import { LineStatistics } from "./components/line-statistics";
import { InfectionCard, PiccLineCard } from "./components/picc-cards";
import { type InfectionStartValues, useInfectionStart } from "./infection-start";
import { LineCarePanels } from "./line-care/line-care-panel";
import { LineRatesTable } from "./line-care/line-rates";
import { piccInfectionForm, piccLineForm } from "./picc-forms";
import { lineLabel } from "./picc-labels";

const linesScreen = defineRecordScreen({
  title: "PICC Lines",
  subtitle: "",
  addLabel: "Add PICC Line",
  api: piccLinesApi,
  followsChildFilter: false,
  messages: {
    created: "PICC line added successfully",
    createFailed: "Failed to add PICC line",
    updated: "PICC line updated successfully",
    updateFailed: "Failed to update PICC line",
    deleted: "PICC line deleted successfully",
    deleteFailed: "Failed to delete PICC line",
  },
  listError: { title: "Failed to fetch PICC lines", toast: true },
  form: piccLineForm,
  addForm: {
    submitLabel: "Add Line",
    description: ({ child }) => `For ${child?.name ?? "the child"}. Required fields are marked *.`,
  },
  editForm: { title: "Edit PICC Line", submitLabel: "Update Line" },
  renderCard: (line, actions) => <PiccLineCard line={line} {...actions} />,
  empty: {
    icon: Cable,
    title: "No PICC lines recorded",
    text: "Record each central line: when and where it went in, and when and why it came out.",
  },
  deletion: {
    title: "Delete PICC line",
    itemName: lineLabel,
  },
  skeletonCount: 2,
});

function infectionsScreen(lines: readonly PiccLine[], start?: InfectionStartValues) {
  return defineRecordScreen({
    title: "Infections",
    subtitle: "",
    addLabel: "Add Infection",
    api: piccInfectionsApi,
    followsChildFilter: false,
    messages: {
      created: "Infection record added successfully",
      createFailed: "Failed to add infection record",
      updated: "Infection record updated successfully",
      updateFailed: "Failed to update infection record",
      deleted: "Infection record deleted successfully",
      deleteFailed: "Failed to delete infection record",
    },
    listError: { title: "Failed to fetch infections", toast: true },
    // An infection counts in the rates.
    alsoInvalidate: [lineRatesKey],
    form: piccInfectionForm(lines, start),
    addForm: {
      submitLabel: "Add Infection",
      description: ({ child }) => `For ${child?.name ?? "the child"}. Required fields are marked *.`,
    },
    editForm: { title: "Edit Infection", submitLabel: "Update Infection" },
    renderCard: (infection, actions) => <InfectionCard infection={infection} lines={lines} {...actions} />,
    empty: {
      icon: ShieldAlert,
      title: "No infections recorded",
      text: "Record line infections to follow the infection rate and have the history ready for the care team.",
    },
    deletion: {
      title: "Delete infection record",
      itemName: (infection) =>
        `${INFECTION_TYPE_LABELS[infection.infectionType]} infection of ${formatListDate(infection.infectionDate)}`,
    },
    skeletonCount: 2,
  });
}

/** PICC Line Tracking: one child's central lines and line infections, with catheter-days and the infection rate. */
export function PiccLinesPage() {
  const { childId, pick, hasChildren } = usePageChild();
  const canWrite = useCan("write");
  return (
    <>
      <PageHeader
        title="PICC Line Tracking"
        subtitle="Central lines and line infections for each child, with catheter-days and the infection rate."
        actions={canWrite ? undefined : <ReadOnlyNote />}
      />
      <Card className="mb-6">
        <CardContent className="pt-5 sm:pt-6">
          <ChildPicker value={childId} onChange={pick} label="Child" id="picc-child" />
        </CardContent>
      </Card>
      {childId ? <ChildLines childId={childId} /> : <SelectChildFirst hasChildren={hasChildren} />}
    </>
  );
}

function ChildLines({ childId }: { childId: string }) {
  const lines = useRecordScreen(linesScreen, { childId });
  const lineList = lines.list.data ?? [];
  // The fever card's "Start an infection record" (lib/infection-start.ts).
  const start = useInfectionStart();
  const infectionsConfig = useMemo(() => infectionsScreen(lineList, start.values), [lineList, start.values]);
  const infections = useRecordScreen(infectionsConfig, { childId });
  // Once, when the lines are in (the form offers them): a reader gets no form.
  const opened = useRef(false);
  const { openAdd } = infections.dialogs;
  const opensAdd = start.add && infections.canWrite && lines.list.data !== undefined;
  useEffect(() => {
    if (!opensAdd || opened.current) return;
    opened.current = true;
    openAdd();
  }, [opensAdd, openAdd]);
  return (
    <>
      <LineStatistics lines={lineList} infections={infections.list.data ?? []} />
      <LineCarePanels lines={lineList} />
      <Tabs defaultValue={start.tab ?? "lines"}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <TabsList aria-label="PICC line records">
            <TabsTrigger value="lines">
              <Cable aria-hidden="true" />
              PICC Lines
            </TabsTrigger>
            <TabsTrigger value="infections">
              <Activity aria-hidden="true" />
              Infections
            </TabsTrigger>
          </TabsList>
        </div>
        <TabsContent value="lines" className="flex flex-col gap-4">
          {lines.canWrite ? (
            <div>
              <AddRecordButton label="Add PICC Line" onClick={lines.dialogs.openAdd} />
            </div>
          ) : null}
          <RecordScreenList screen={lines} />
        </TabsContent>
        <TabsContent value="infections" className="flex flex-col gap-4">
          {infections.canWrite ? (
            <div>
              <AddRecordButton label="Add Infection" onClick={infections.dialogs.openAdd} />
            </div>
          ) : null}
          <RecordScreenList screen={infections} />
        </TabsContent>
      </Tabs>
      <LineRatesTable childId={childId} lines={lineList} />
      <RecordScreenDialogs screen={lines} />
      <RecordScreenDialogs screen={infections} />
    </>
  );
}

function SelectChildFirst({ hasChildren }: { hasChildren: boolean }) {
  return (
    <EmptyState
      icon={UserRound}
      title="Please select a child to view PICC line tracking"
      text={
        hasChildren
          ? "Choose a child above to see their lines and infections."
          : "Lines belong to a child. Add a child profile first, then come back here."
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
