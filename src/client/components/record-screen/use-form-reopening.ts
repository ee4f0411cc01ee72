import { useEffect, useRef, useState } from "react";
import { useDeviceOwner } from "@/client/lib/auth";
import { draftKeys } from "@/client/lib/drafts";

/** The draft key of a screen's add form (record null) or of one record's edit form. */
export const formDraftKey = (screenTitle: string, record: { id: string } | null) =>
  `${screenTitle}:${record ? record.id : "new"}`;

/** The query parameter that opens a screen's add form: `/symptoms-pain?add=1`. */
export const ADD_PARAM = "add";

/** The query parameter that opens a listed record's edit form (an entry waiting on this device). */
export const EDIT_PARAM = "edit";

function removeParam(name: string) {
  const params = new URLSearchParams(window.location.search);
  params.delete(name);
  const search = params.toString();
  window.history.replaceState(
    window.history.state,
    "",
    `${window.location.pathname}${search ? `?${search}` : ""}`,
  );
}

/**
 * `?edit=<id>` in the address (Edit on an entry waiting to be sent): once the list holds that
 * record, opens its edit form; taken out of the address so a reload does not open it again.
 */
export function useEditFromAddress<T extends { id: string }>(
  items: readonly T[] | undefined,
  enabled: boolean,
  openEdit: (record: T) => void,
) {
  const [asked] = useState(() => new URLSearchParams(window.location.search).get(EDIT_PARAM));
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !asked || !enabled || !items) return;
    const record = items.find((item) => item.id === asked);
    if (!record) return;
    done.current = true;
    removeParam(EDIT_PARAM);
    openEdit(record);
  }, [asked, enabled, items, openEdit]);
  return asked !== null;
}

/**
 * Opens a screen's form when the page loads with a reason to: `?add=1` in the address (the
 * dashboard's quick actions), `?edit=<id>` (an entry waiting to be sent), or a draft of this screen's add or edit form left on the device (the
 * page was reloaded or closed while the form held unsaved typing). Each happens once per visit;
 * the parameter is taken out of the address so a reload does not open an empty form again.
 */
export function useFormReopening<T extends { id: string }>({
  screenTitle,
  items,
  enabled,
  withDrafts = true,
  openAdd,
  openEdit,
}: {
  screenTitle: string;
  items: readonly T[] | undefined;
  enabled: boolean;
  /** False for a screen's own form (not the field-driven one), which keeps no drafts. */
  withDrafts?: boolean;
  openAdd: () => void;
  openEdit: (record: T) => void;
}) {
  const owner = useDeviceOwner();
  const done = useRef(false);
  // An edit asked for in the address is the form this visit opens, not a draft.
  const editAsked = useEditFromAddress(items, enabled, openEdit);
  useEffect(() => {
    if (done.current || !enabled || !owner || editAsked) return;
    const params = new URLSearchParams(window.location.search);
    if (params.has(ADD_PARAM)) {
      done.current = true;
      removeParam(ADD_PARAM);
      openAdd();
      return;
    }
    const keys = withDrafts ? draftKeys(owner, `${screenTitle}:`) : [];
    if (keys.length === 0) {
      done.current = true;
      return;
    }
    if (keys.includes(formDraftKey(screenTitle, null))) {
      done.current = true;
      openAdd();
      return;
    }
    if (!items) return; // An edit draft waits for the list, to find its record.
    done.current = true;
    const record = items.find((item) => keys.includes(formDraftKey(screenTitle, item)));
    if (record) openEdit(record);
  }, [enabled, withDrafts, owner, screenTitle, items, openAdd, openEdit, editAsked]);
}
