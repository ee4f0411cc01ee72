import type { FieldValues } from "react-hook-form";
import { ConfirmDeleteDialog } from "@/client/components/ui/confirm-delete-dialog";
import { RecordCardGrid } from "@/client/components/ui/record-card-grid";
import { RecordDialog } from "@/client/components/ui/record-dialog";
import { RecordScreenEmpty, RecordScreenHeader } from "./record-screen-parts";
import type { RecordScreenConfig, ScreenRecord } from "./types";
import { useRecordScreen } from "./use-record-screen";

/**
 * A record screen with dialogs (care team, specialist visits, lab tests, symptoms, allergies):
 * the header with its add button, the cards (skeletons, error with retry, empty state), the
 * add/edit dialog driven by the config's schema and fields, and the delete confirmation.
 * Everything the screens differ in comes from `config`.
 */
export function DialogRecordScreen<T extends ScreenRecord, TValues extends FieldValues, TOutput>({
  config,
}: {
  config: RecordScreenConfig<T, TValues, TOutput>;
}) {
  const screen = useRecordScreen(config);
  const { dialogs } = screen;
  const editing = dialogs.editing;
  const form = screen.formProps(editing);

  return (
    <>
      <RecordScreenHeader config={config} addButtonProps={{ onClick: dialogs.openAdd }} />
      <RecordCardGrid
        {...screen.gridProps}
        className={config.gridClassName}
        renderItem={(record) =>
          config.renderCard(record, {
            onEdit: () => dialogs.openEdit(record),
            onDelete: () => dialogs.openDelete(record),
          })
        }
        empty={<RecordScreenEmpty config={config} onAdd={dialogs.openAdd} />}
      />
      <RecordDialog
        open={dialogs.formOpen}
        onOpenChange={dialogs.setFormOpen}
        {...form}
        description={form.description ?? (editing ? undefined : "Required fields are marked *.")}
      />
      <ConfirmDeleteDialog {...screen.confirmDeleteProps} />
    </>
  );
}
