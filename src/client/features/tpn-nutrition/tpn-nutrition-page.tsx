import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Droplets, Plus, UserRound } from "lucide-react";
import { useEffect } from "react";
import { Link } from "wouter";
import { ChildPicker } from "@/client/components/children/child-picker";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { ConfirmDeleteDialog } from "@/client/components/ui/confirm-delete-dialog";
import { EmptyState } from "@/client/components/ui/empty-state";
import { PageHeader } from "@/client/components/ui/page-header";
import { RecordCardGrid } from "@/client/components/ui/record-card-grid";
import { RecordDialog } from "@/client/components/ui/record-dialog";
import { toast } from "@/client/components/ui/use-toast";
import { errorMessage } from "@/client/lib/api";
import { useChildFilter } from "@/client/lib/child-filter";
import { formatListDate } from "@/client/lib/format";
import { activityQueryKey, dashboardStatsQueryKey } from "@/client/lib/query-keys";
import { useRecordDialogs } from "@/client/lib/use-record-dialogs";
import { useResourceMutations } from "@/client/lib/use-resource-mutations";
import { type TpnEntry, tpnApi } from "./api";
import { TpnEntryCard } from "./components/tpn-entry-card";
import { toTpnBody, tpnFields, tpnFormSchema, tpnFormValues } from "./tpn-form";

const FETCH_FAILED = "Failed to fetch TPN entries";

/**
 * The child whose entries are shown: the header's child filter, else the only child of the
 * family. The picker on this screen sets the header's filter, so the two always agree.
 */
function useSelectedChild() {
  const { childId: filterChildId, setChildId, children } = useChildFilter();
  const only = children.length === 1 ? children[0] : undefined;
  const childId = filterChildId ?? only?.id ?? null;
  const child = children.find((c) => c.id === childId) ?? null;
  return { child, childId, setChildId, hasChildren: children.length > 0 };
}

export function TpnNutritionPage() {
  const { child, childId, setChildId, hasChildren } = useSelectedChild();
  const list = useQuery({
    ...tpnApi.listOptions({ childId: childId ?? "" }),
    enabled: childId !== null,
    // While another child's entries load, the grid stays (dimmed) and an open dialog keeps its place.
    placeholderData: keepPreviousData,
  });
  const { create, update, remove } = useResourceMutations(tpnApi, {
    messages: {
      created: "TPN entry added successfully",
      createFailed: "Failed to add TPN entry",
      updated: "TPN entry updated successfully",
      updateFailed: "Failed to update TPN entry",
      deleted: "TPN entry deleted successfully",
      deleteFailed: "Failed to delete TPN entry",
    },
    alsoInvalidate: [dashboardStatsQueryKey, activityQueryKey],
  });
  const dialogs = useRecordDialogs<TpnEntry>();
  const editing = dialogs.editing;

  // A failed load is shown in place of the list and announced once per failure.
  const failedAt = list.isError ? list.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt)
      toast({ title: FETCH_FAILED, description: errorMessage(list.error), variant: "destructive" });
  }, [failedAt, list.error]);

  const addButton = (
    <Button onClick={dialogs.openAdd} disabled={!childId}>
      <Plus aria-hidden="true" />
      Add TPN Entry
    </Button>
  );

  return (
    <>
      <PageHeader
        title="TPN Nutrition"
        subtitle="Daily TPN entries: calories, protein, carbohydrates, fat, volume and infusion time."
        actions={addButton}
      />
      <Card className="mb-6">
        <CardContent className="pt-5 sm:pt-6">
          <ChildPicker value={childId} onChange={setChildId} label="Child" id="tpn-child" />
        </CardContent>
      </Card>
      {childId ? (
        <RecordCardGrid
          items={list.data}
          isLoading={list.isLoading}
          isRefreshing={list.isPlaceholderData}
          error={list.error}
          errorTitle={FETCH_FAILED}
          onRetry={() => list.refetch()}
          getKey={(entry) => entry.id}
          renderItem={(entry) => (
            <TpnEntryCard
              entry={entry}
              onEdit={() => dialogs.openEdit(entry)}
              onDelete={() => dialogs.openDelete(entry)}
            />
          )}
          empty={
            <EmptyState
              icon={Droplets}
              title="No TPN entries yet"
              text={`Record ${child?.name ?? "your child"}'s daily TPN: the amounts from the bag label and how long the infusion ran.`}
              action={addButton}
            />
          }
        />
      ) : (
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
      )}
      <RecordDialog
        open={dialogs.formOpen}
        onOpenChange={dialogs.setFormOpen}
        title={editing ? "Edit TPN Entry" : "Add TPN Entry"}
        description={`${child ? `For ${child.name}. ` : ""}Required fields are marked *.`}
        schema={tpnFormSchema}
        fields={tpnFields}
        defaultValues={tpnFormValues(editing)}
        submitLabel={editing ? "Update Entry" : "Add Entry"}
        pendingLabel={editing ? "Updating..." : "Adding..."}
        onSubmit={(output) => {
          const input = toTpnBody(output, editing?.childId ?? childId ?? "");
          return editing ? update.mutateAsync({ id: editing.id, input }) : create.mutateAsync(input);
        }}
      />
      <ConfirmDeleteDialog
        open={dialogs.deleteOpen}
        onOpenChange={dialogs.setDeleteOpen}
        title="Delete TPN entry"
        itemName={dialogs.deleting ? `TPN entry for ${formatListDate(dialogs.deleting.date)}` : undefined}
        onConfirm={() => (dialogs.deleting ? remove.mutateAsync(dialogs.deleting.id) : Promise.resolve())}
      />
    </>
  );
}
