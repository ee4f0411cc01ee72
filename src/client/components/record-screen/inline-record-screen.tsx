import type { FieldValues } from "react-hook-form";
import { ConfirmDeleteDialog } from "@/client/components/ui/confirm-delete-dialog";
import {
  InlineRecordForm,
  inlineFormGridClassName,
  useInlineRecordForms,
} from "@/client/components/ui/inline-record-form";
import { RecordCardGrid } from "@/client/components/ui/record-card-grid";
import { cn } from "@/client/lib/utils";
import { RecordScreenEmpty, RecordScreenHeader } from "./record-screen-parts";
import type { RecordScreenConfig, ScreenRecord } from "./types";
import { useRecordScreen } from "./use-record-screen";

/**
 * A record screen edited in place (notes, physical therapy, medications, food diary): the header's
 * add button toggles the add form above the cards, a card's Edit button swaps the card for its
 * form (the card stays mounted, hidden, so the focus can return to its Edit button), and the
 * delete confirmation. Everything the screens differ in comes from `config`.
 */
export function InlineRecordScreen<T extends ScreenRecord, TValues extends FieldValues, TOutput>({
  config,
}: {
  config: RecordScreenConfig<T, TValues, TOutput>;
}) {
  const screen = useRecordScreen(config);
  const forms = useInlineRecordForms<T>();

  return (
    <>
      <RecordScreenHeader config={config} addButtonProps={forms.addButtonProps} />
      {forms.adding ? (
        <InlineRecordForm
          id={forms.addFormId}
          className="mb-6"
          {...screen.formProps(null)}
          onClose={forms.close}
          onDirtyChange={forms.onDirtyChange}
        />
      ) : null}
      <RecordCardGrid
        {...screen.gridProps}
        className={cn(inlineFormGridClassName, config.gridClassName)}
        renderItem={(record) => (
          <>
            {forms.isEditing(record) ? (
              <InlineRecordForm
                {...screen.formProps(record)}
                onClose={forms.close}
                onDirtyChange={forms.onDirtyChange}
              />
            ) : null}
            {config.renderCard(record, {
              className: forms.isEditing(record) ? "hidden" : undefined,
              onEdit: () => forms.openEdit(record),
              onDelete: () => screen.dialogs.openDelete(record),
            })}
          </>
        )}
        empty={forms.adding ? null : <RecordScreenEmpty config={config} onAdd={forms.openAdd} />}
      />
      <ConfirmDeleteDialog {...screen.confirmDeleteProps} />
    </>
  );
}
