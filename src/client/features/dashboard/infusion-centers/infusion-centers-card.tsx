import { Building, Droplet, Mail, MapPin, Phone, Plus, StickyNote, UserRound } from "lucide-react";
import { lazy } from "react";
import { LinkedChild } from "@/client/components/children/linked-child";
import { RecordCard, RecordDetail } from "@/client/components/record-screen/record-card";
import { RecordScreenDialogs, RecordScreenList } from "@/client/components/record-screen/record-screen-parts";
import { defineRecordScreen } from "@/client/components/record-screen/types";
import { useRecordScreen } from "@/client/components/record-screen/use-record-screen";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { infusionCenterTotals } from "@/domain/infusion-center-totals";
import { type InfusionCenter, infusionCentersApi } from "./api";

const InfusionCenterDialog = lazy(() =>
  import("./infusion-center-dialog").then((m) => ({ default: m.InfusionCenterDialog })),
);

const infusionCentersScreen = defineRecordScreen({
  title: "Infusion Centers",
  subtitle: "",
  addLabel: "Add Center",
  api: infusionCentersApi,
  // Every center the family uses, each labelled with its child.
  followsChildFilter: false,
  messages: {
    created: "Infusion center created successfully",
    createFailed: "",
    updated: "Infusion center updated successfully",
    updateFailed: "",
    deleted: "Infusion center deleted successfully",
    deleteFailed: "",
  },
  // Spec section 8: 'Error' and the server's message.
  failureTitle: "Error",
  form: { Dialog: InfusionCenterDialog },
  addForm: { title: "Add Infusion Center", submitLabel: "Add Center" },
  editForm: { title: "Edit Infusion Center", submitLabel: "Update Center" },
  renderCard: (center, actions) => <InfusionCenterCard center={center} {...actions} />,
  empty: {
    icon: Building,
    title: "No infusion centers added",
    text: "Add the clinic or home-infusion service that draws blood and changes the line's dressing.",
  },
  deletion: { title: "Delete Infusion Center", itemName: (center) => center.name },
  skeletonCount: 2,
  gridClassName: "sm:grid-cols-2 lg:grid-cols-3",
});

/**
 * The dashboard's infusion centers: weekly totals, a card per center, add, edit and delete (for a
 * role that may change records).
 */
export function InfusionCentersCard() {
  const screen = useRecordScreen(infusionCentersScreen);
  const totals = infusionCenterTotals(screen.list.data ?? []);
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle className="flex items-center gap-2.5">
          <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-sky-50 text-sky-700">
            <Building aria-hidden="true" className="size-4.5" />
          </span>
          Infusion Centers
        </CardTitle>
        {screen.canWrite ? (
          <Button size="sm" onClick={screen.dialogs.openAdd}>
            <Plus aria-hidden="true" />
            Add Center
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid grid-cols-3 gap-2 text-center">
          <Total label="Total Centers" value={totals.centers} />
          <Total label="Blood Draws/Week" value={totals.bloodDrawsPerWeek} />
          <Total label="Bandage Changes/Week" value={totals.bandageChangesPerWeek} />
        </dl>
        <RecordScreenList screen={screen} />
      </CardContent>
      <RecordScreenDialogs screen={screen} />
    </Card>
  );
}

function Total({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg bg-muted px-2 py-3">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="font-semibold text-2xl">{value}</dd>
    </div>
  );
}

function InfusionCenterCard({
  center,
  onEdit,
  onDelete,
}: {
  center: InfusionCenter;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  return (
    <RecordCard
      title={center.name}
      badges={center.childId ? <LinkedChild childId={center.childId} /> : null}
      onEdit={onEdit}
      onDelete={onDelete}
    >
      <RecordDetail icon={MapPin} label="Address">
        {center.address}
      </RecordDetail>
      <RecordDetail icon={Phone} label="Phone">
        {center.phone ? (
          <a
            href={`tel:${center.phone.replace(/[^\d+]/g, "")}`}
            className="font-medium text-primary hover:underline"
          >
            {center.phone}
          </a>
        ) : null}
      </RecordDetail>
      <RecordDetail icon={Mail} label="Email">
        {center.email ? (
          <a href={`mailto:${center.email}`} className="break-all font-medium text-primary hover:underline">
            {center.email}
          </a>
        ) : null}
      </RecordDetail>
      <RecordDetail icon={UserRound} label="Contact person">
        {center.contactPerson}
      </RecordDetail>
      <RecordDetail icon={Droplet} label="Weekly">
        {`${center.bloodDrawsPerWeek} blood draw${center.bloodDrawsPerWeek === 1 ? "" : "s"}, ${center.bandageChangesPerWeek} bandage change${center.bandageChangesPerWeek === 1 ? "" : "s"} a week`}
      </RecordDetail>
      <RecordDetail icon={StickyNote} label="Notes">
        {center.notes ? (
          <span className="whitespace-pre-line text-muted-foreground">{center.notes}</span>
        ) : null}
      </RecordDetail>
    </RecordCard>
  );
}
