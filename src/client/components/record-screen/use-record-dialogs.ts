import { useState } from "react";

interface DialogState<T> {
  open: boolean;
  record: T | null;
}

const closed = { open: false, record: null };

/**
 * Which record a screen is adding, editing or deleting. The record stays set while a dialog
 * plays its closing animation, so its texts do not change as it fades out.
 *
 * @example
 * const dialogs = useRecordDialogs<CareTeamMember>();
 * <RecordDialog open={dialogs.formOpen} onOpenChange={dialogs.setFormOpen} ... />
 * <ConfirmDeleteDialog open={dialogs.deleteOpen} onOpenChange={dialogs.setDeleteOpen} ... />
 */
export function useRecordDialogs<T>() {
  const [form, setForm] = useState<DialogState<T>>(closed);
  const [deletion, setDeletion] = useState<DialogState<T>>(closed);

  return {
    formOpen: form.open,
    /** The record being edited; null when adding. */
    editing: form.record,
    deleteOpen: deletion.open,
    deleting: deletion.record,
    openAdd: () => setForm({ open: true, record: null }),
    openEdit: (record: T) => setForm({ open: true, record }),
    setFormOpen: (open: boolean) => setForm((s) => ({ ...s, open })),
    openDelete: (record: T) => setDeletion({ open: true, record }),
    setDeleteOpen: (open: boolean) => setDeletion((s) => ({ ...s, open })),
  };
}
