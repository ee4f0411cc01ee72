import { Baby, SearchX } from "lucide-react";
import { useState } from "react";
import { DialogRecordScreen } from "@/client/components/record-screen/dialog-record-screen";
import { defineRecordScreen } from "@/client/components/record-screen/types";
import { EmptyState } from "@/client/components/ui/empty-state";
import { everyQueryKey } from "@/client/lib/query-keys";
import { childrenApi } from "./api";
import { filterChildren } from "./child-form";
import { ChildCard } from "./components/child-card";
import { ChildFormDialog } from "./components/child-form-dialog";
import { ChildSearch } from "./components/child-search";

const childrenScreen = defineRecordScreen({
  title: "Children Profiles",
  subtitle:
    "Manage detailed profiles for each child including demographics, medical information, and care notes.",
  addLabel: "Add Child",
  api: childrenApi,
  followsChildFilter: false,
  messages: {
    created: "Child profile created successfully!",
    createFailed: "Failed to create child profile. Please try again.",
    updated: "Child profile updated successfully!",
    updateFailed: "Failed to update child profile. Please try again.",
    deleted: "Child profile deleted successfully.",
    deleteFailed: "Failed to delete child profile. Please try again.",
  },
  failureTitle: "Error",
  // Every query, not only the children list (header filter, pickers): deleting a child deletes its
  // TPN entries and unlinks its other records on the server, renaming one changes the cards that
  // name it, and the dashboard (counts, activity) reflects every change. Queries keep their data
  // until invalidated, so anything left out would stay stale.
  alsoInvalidate: [everyQueryKey],
  // The colour picker and the age filled from the birth date need a dialog of their own.
  form: { Dialog: ChildFormDialog },
  addForm: {
    title: "Add New Child",
    description: "Fields marked * are required.",
    submitLabel: "Add Child",
    pendingLabel: "Saving...",
  },
  editForm: {
    title: "Edit Child Information",
    description: (child) => `Update ${child.name}'s profile.`,
    submitLabel: "Update Child",
    pendingLabel: "Saving...",
  },
  renderCard: (child, { onEdit, onDelete }) => (
    <ChildCard child={child} onEdit={onEdit} onDelete={onDelete} />
  ),
  empty: {
    icon: Baby,
    title: "No children added yet",
    text: "Add a profile for each child you care for: their age, diagnosis and the notes everyone should know.",
    actionLabel: "Add Your First Child",
  },
  deletion: {
    title: "Delete Child Profile",
    description: (child) =>
      `Are you sure you want to delete ${child.name}'s profile? This action cannot be undone.`,
  },
  loadingLabel: "Loading children profiles...",
  listError: { title: "Could not load the children profiles" },
  // One column on phones, two from md, three from xl.
  gridClassName: "sm:grid-cols-1 md:grid-cols-2 xl:grid-cols-3",
});

/** Children Profiles: each child's profile, searchable by name, diagnosis and notes. */
export function ChildrenPage() {
  const [search, setSearch] = useState("");
  const searching = search.trim() !== "";
  return (
    <DialogRecordScreen
      config={childrenScreen}
      filters={
        <div className="mb-6">
          <ChildSearch value={search} onChange={setSearch} />
        </div>
      }
      select={(children) => filterChildren(children, search)}
      empty={
        searching ? (
          <EmptyState
            icon={SearchX}
            title="No children found"
            text="No children match your search criteria. Try adjusting your search terms."
          />
        ) : undefined
      }
    />
  );
}
