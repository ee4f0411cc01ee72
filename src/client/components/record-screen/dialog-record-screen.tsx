import type { FieldValues } from "react-hook-form";
import { RecordScreenDialogs, RecordScreenHeader, RecordScreenList } from "./record-screen-parts";
import { isFieldForm, type RecordScreenProps, type ScreenRecord } from "./types";
import { useFormReopening } from "./use-form-reopening";
import { useRecordScreen } from "./use-record-screen";

/**
 * A record screen with dialogs (care team, specialist visits, lab tests, symptoms, allergies, TPN,
 * children): the header with its add button, the cards (skeletons, error with retry, empty state),
 * the add/edit dialog and the delete confirmation, none of which a role that only reads is offered
 * (`useCan("write")`: no add button, no Edit or Delete on the cards). What the screens differ in comes from `config`;
 * a page adds its own parts through the slots (`headerExtras`, `filters`, `renderCard`, `dialogs`,
 * `blocked`, `empty`) and chooses what is listed (`childId`, `params`, `select`).
 *
 * @example
 * <DialogRecordScreen
 *   config={suppliesScreen}
 *   headerExtras={<ExportCsvButton supplies={supplies} />}
 *   filters={<ReorderBanner />}
 *   renderCard={(supply, actions) => <SupplyCard supply={supply} {...actions} onRecordUsage={() => setUsing(supply)} />}
 *   dialogs={<RecordUsageDialog supply={using} onOpenChange={() => setUsing(null)} />}
 * />
 */
export function DialogRecordScreen<T extends ScreenRecord, TValues extends FieldValues, TOutput>({
  config,
  childId,
  params,
  select,
  headerExtras,
  filters,
  renderCard = config.renderCard,
  dialogs: pageDialogs,
  blocked,
  empty,
}: RecordScreenProps<T, TValues, TOutput>) {
  const screen = useRecordScreen(config, { childId, params, select, enabled: !blocked });
  const { dialogs } = screen;
  useFormReopening({
    screenTitle: config.title,
    items: screen.gridProps.items,
    // A new record's child depends on the family's children: wait for them. A reader gets no form.
    enabled: !blocked && screen.childrenLoaded && screen.canWrite,
    withDrafts: isFieldForm(config.form),
    openAdd: dialogs.openAdd,
    openEdit: dialogs.openEdit,
  });

  return (
    <>
      <RecordScreenHeader
        screen={screen}
        extras={headerExtras}
        addButtonProps={{ onClick: dialogs.openAdd }}
      />
      {filters}
      <RecordScreenList
        screen={screen}
        blocked={blocked}
        renderItem={(record) => renderCard(record, screen.cardActions(record))}
        empty={empty}
      />
      <RecordScreenDialogs screen={screen}>{pageDialogs}</RecordScreenDialogs>
    </>
  );
}
