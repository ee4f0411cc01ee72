import { useEffect, useRef } from "react";
import { useDeviceOwner } from "@/client/lib/auth";
import { draftKeys } from "@/client/lib/drafts";

/** The draft key of a screen's add form (record null) or of one record's edit form. */
export const formDraftKey = (screenTitle: string, record: { id: string } | null) =>
  `${screenTitle}:${record ? record.id : "new"}`;

/** The query parameter that opens a screen's add form: `/symptoms-pain?add=1`. */
export const ADD_PARAM = "add";

/**
 * Opens a screen's form when the page loads with a reason to: `?add=1` in the address (the
 * dashboard's quick actions), or a draft of this screen's add or edit form left on the device (the
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
  useEffect(() => {
    if (done.current || !enabled || !owner) return;
    const params = new URLSearchParams(window.location.search);
    if (params.has(ADD_PARAM)) {
      done.current = true;
      params.delete(ADD_PARAM);
      const search = params.toString();
      window.history.replaceState(
        window.history.state,
        "",
        `${window.location.pathname}${search ? `?${search}` : ""}`,
      );
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
  }, [enabled, withDrafts, owner, screenTitle, items, openAdd, openEdit]);
}
