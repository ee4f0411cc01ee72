import { Droplets, UserRound } from "lucide-react";
import { Link } from "wouter";
import { ChildPicker } from "@/client/components/children/child-picker";
import { usePageChild } from "@/client/components/children/use-page-child";
import { DialogRecordScreen } from "@/client/components/record-screen/dialog-record-screen";
import { defineRecordScreen, type ScreenContext } from "@/client/components/record-screen/types";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { EmptyState } from "@/client/components/ui/empty-state";
import { formatListDate } from "@/client/lib/format";
import { dashboardStatsQueryKey } from "@/client/lib/query-keys";
import { tpnApi } from "./api";
import { TpnEntryCard } from "./components/tpn-entry-card";
import { TpnTrends } from "./components/tpn-trends";
import { tpnForm } from "./tpn-form";

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
  alsoInvalidate: [dashboardStatsQueryKey],
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

/** TPN Nutrition: one child's daily TPN entries. */
export function TpnNutritionPage() {
  const { childId, pick, hasChildren } = usePageChild();
  return (
    <DialogRecordScreen
      config={tpnScreen}
      childId={childId}
      filters={
        <>
          <Card className="mb-6">
            <CardContent className="pt-5 sm:pt-6">
              <ChildPicker value={childId} onChange={pick} label="Child" id="tpn-child" />
            </CardContent>
          </Card>
          {childId ? <TpnTrends childId={childId} /> : null}
        </>
      }
      blocked={childId ? null : <SelectChildFirst hasChildren={hasChildren} />}
    />
  );
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
