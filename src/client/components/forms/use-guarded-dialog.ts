import { useCallback, useRef } from "react";
import { confirmDiscard } from "./unsaved-changes";

/**
 * Closing a form's dialog (Esc, a tap outside, its X, Cancel, the phone's Back) asks before
 * throwing away unsaved changes. The form inside tells it, with `report`, whether it holds any and
 * how to drop its draft; a save closes the dialog directly.
 *
 * @example
 * const guard = useGuardedDialog(onOpenChange);
 * <Dialog open={open} onOpenChange={guard.onOpenChange}>
 *   <MyForm onDirtyChange={guard.report} onCancel={guard.requestClose} />
 */
export function useGuardedDialog(onOpenChange: (open: boolean) => void) {
  const state = useRef({ dirty: false, discard: () => {} });
  const requestClose = useCallback(async () => {
    if (state.current.dirty && !(await confirmDiscard())) return;
    state.current.discard();
    state.current = { dirty: false, discard: () => {} };
    onOpenChange(false);
  }, [onOpenChange]);
  const report = useCallback((dirty: boolean, discard: () => void) => {
    state.current = { dirty, discard };
  }, []);
  return {
    onOpenChange: (open: boolean) => (open ? onOpenChange(true) : void requestClose()),
    requestClose: () => void requestClose(),
    report,
  };
}
