import { useQuery } from "@tanstack/react-query";
import { Baby, Plus, SearchX } from "lucide-react";
import { useState } from "react";
import { Button } from "@/client/components/ui/button";
import { ConfirmDeleteDialog } from "@/client/components/ui/confirm-delete-dialog";
import { EmptyState } from "@/client/components/ui/empty-state";
import { PageHeader } from "@/client/components/ui/page-header";
import { RecordCardGrid } from "@/client/components/ui/record-card-grid";
import { Spinner } from "@/client/components/ui/spinner";
import { useRecordDialogs } from "@/client/lib/use-record-dialogs";
import { type Child, childrenApi, useChildMutations } from "./api";
import { childRequestBody, filterChildren } from "./child-form";
import { ChildCard } from "./components/child-card";
import { ChildFormDialog } from "./components/child-form-dialog";
import { ChildSearch } from "./components/child-search";

export function ChildrenPage() {
  const list = useQuery(childrenApi.listOptions());
  const { create, update, remove } = useChildMutations();
  const dialogs = useRecordDialogs<Child>();
  const [search, setSearch] = useState("");

  const searching = search.trim() !== "";
  const visible = filterChildren(list.data ?? [], search);

  return (
    <>
      <PageHeader
        title="Children Profiles"
        subtitle="Manage detailed profiles for each child including demographics, medical information, and care notes."
      />
      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-center">
        <ChildSearch value={search} onChange={setSearch} />
        <Button onClick={dialogs.openAdd} className="sm:ml-auto">
          <Plus aria-hidden="true" />
          Add Child
        </Button>
      </div>

      {list.isLoading ? (
        <Spinner label="Loading children profiles..." className="py-16" />
      ) : (
        <RecordCardGrid
          items={visible}
          isLoading={false}
          error={list.error}
          onRetry={() => list.refetch()}
          errorTitle="Could not load the children profiles"
          getKey={(child) => child.id}
          // One column on phones, two from md, three from xl.
          className="sm:grid-cols-1 md:grid-cols-2 xl:grid-cols-3"
          renderItem={(child) => (
            <ChildCard
              child={child}
              onEdit={() => dialogs.openEdit(child)}
              onDelete={() => dialogs.openDelete(child)}
            />
          )}
          empty={
            searching ? (
              <EmptyState
                icon={SearchX}
                title="No children found"
                text="No children match your search criteria. Try adjusting your search terms."
              />
            ) : (
              <EmptyState
                icon={Baby}
                title="No children added yet"
                text="Add a profile for each child you care for: their age, diagnosis and the notes everyone should know."
                action={
                  <Button onClick={dialogs.openAdd}>
                    <Plus aria-hidden="true" />
                    Add Your First Child
                  </Button>
                }
              />
            )
          }
        />
      )}

      <ChildFormDialog
        open={dialogs.formOpen}
        onOpenChange={dialogs.setFormOpen}
        child={dialogs.editing}
        onSubmit={(values) => {
          const body = childRequestBody(values);
          return dialogs.editing
            ? update.mutateAsync({ id: dialogs.editing.id, input: body })
            : create.mutateAsync(body);
        }}
      />
      <ConfirmDeleteDialog
        open={dialogs.deleteOpen}
        onOpenChange={dialogs.setDeleteOpen}
        title="Delete Child Profile"
        description={
          <>
            Are you sure you want to delete {dialogs.deleting?.name}'s profile? This action cannot be undone.
          </>
        }
        onConfirm={() => (dialogs.deleting ? remove.mutateAsync(dialogs.deleting.id) : Promise.resolve())}
      />
    </>
  );
}
