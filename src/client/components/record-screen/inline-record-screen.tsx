import type { FieldValues } from "react-hook-form";
import { InlineRecordForm, inlineFormGridClassName, useInlineRecordForms } from "./inline-record-form";
import {
  RecordScreenDialogs,
  RecordScreenEmpty,
  RecordScreenHeader,
  RecordScreenList,
} from "./record-screen-parts";
import type { RecordScreenProps, ScreenRecord } from "./types";
import { useFormReopening } from "./use-form-reopening";
import { useRecordScreen } from "./use-record-screen";

/**
 * A record screen edited in place (notes, physical therapy, medications, food diary): the header's
 * add button toggles the add form above the cards, a card's Edit button swaps the card for its
 * form (the card stays mounted, hidden, so the focus can return to its Edit button), and the
 * delete confirmation; a role that only reads is offered none of them. Takes the same config, scope
 * and slots as `DialogRecordScreen`; its form must be the field-driven one.
 */
export function InlineRecordScreen<T extends ScreenRecord, TValues extends FieldValues, TOutput>({
  config,
  childId,
  params,
  select,
  headerExtras,
  filters,
  renderCard = config.renderCard,
  dialogs,
  blocked,
  empty,
}: RecordScreenProps<T, TValues, TOutput>) {
  const screen = useRecordScreen(config, { childId, params, select, enabled: !blocked });
  const forms = useInlineRecordForms<T>();
  useFormReopening({
    screenTitle: config.title,
    items: screen.gridProps.items,
    // A new record's child depends on the family's children: wait for them. A reader gets no form.
    enabled: !blocked && screen.childrenLoaded && screen.canWrite,
    openAdd: forms.openAdd,
    openEdit: forms.openEdit,
  });

  return (
    <>
      <RecordScreenHeader screen={screen} extras={headerExtras} addButtonProps={forms.addButtonProps} />
      {filters}
      {forms.adding && screen.canWrite ? (
        <InlineRecordForm
          id={forms.addFormId}
          className="mb-6"
          {...screen.formProps(null)}
          onClose={forms.close}
          onDirtyChange={forms.onDirtyChange}
        />
      ) : null}
      <RecordScreenList
        screen={screen}
        blocked={blocked}
        className={inlineFormGridClassName}
        renderItem={(record) => (
          <>
            {forms.isEditing(record) ? (
              <InlineRecordForm
                {...screen.formProps(record)}
                onClose={forms.close}
                onDirtyChange={forms.onDirtyChange}
              />
            ) : null}
            {renderCard(record, {
              ...screen.cardActions(record, () => forms.openEdit(record)),
              className: forms.isEditing(record) ? "hidden" : undefined,
            })}
          </>
        )}
        empty={forms.adding ? null : (empty ?? <RecordScreenEmpty screen={screen} onAdd={forms.openAdd} />)}
      />
      <RecordScreenDialogs screen={screen} withFormDialog={false}>
        {dialogs}
      </RecordScreenDialogs>
    </>
  );
}
