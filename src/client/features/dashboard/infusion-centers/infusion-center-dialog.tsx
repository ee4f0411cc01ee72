import { newRecordChild, useChildSelectField } from "@/client/components/children/child-select-field";
import { RecordDialog } from "@/client/components/record-screen/record-dialog";
import type { RecordFormDialogProps } from "@/client/components/record-screen/types";
import { formDraftKey } from "@/client/components/record-screen/use-form-reopening";
import { useChildFilter } from "@/client/lib/child-filter";
import type { InfusionCenter, InfusionCenterValues } from "./api";
import { type InfusionCenterFormValues, infusionCenterForm } from "./infusion-center-form";

/**
 * The add/edit dialog of an infusion center, loaded when first opened: the dashboard shows the
 * centers without carrying the forms' validation library.
 */
export function InfusionCenterDialog(props: RecordFormDialogProps<InfusionCenter, InfusionCenterValues>) {
  const { record, title, description } = props;
  const { childId, children } = useChildFilter();
  const childField = useChildSelectField<InfusionCenterFormValues>();
  const newCenterChild = newRecordChild(childId, children);
  return (
    <RecordDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={title}
      description={description ?? (record ? undefined : "Required fields are marked *.")}
      schema={infusionCenterForm.schema}
      fields={infusionCenterForm.fields(childField)}
      defaultValues={infusionCenterForm.toFormValues(record, newCenterChild)}
      draftKey={formDraftKey("Infusion Centers", record)}
      submitLabel={props.submitLabel}
      pendingLabel={props.pendingLabel}
      onSubmit={props.onSubmit}
    />
  );
}
