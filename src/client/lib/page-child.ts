import { useEffect, useState } from "react";
import { useChildFilter } from "@/client/lib/child-filter";

/** The query parameter that opens a one-child screen on a child: `/tpn-nutrition?add=1&child=<id>`. */
export const PAGE_CHILD_PARAM = "child";

/** The child named in the address (`?child=`). */
function childInAddress(): string | null {
  return new URLSearchParams(window.location.search).get(PAGE_CHILD_PARAM);
}

/** Takes `?child=` out of the address once read, so a reload follows the header's choice. */
function removeChildFromAddress() {
  const params = new URLSearchParams(window.location.search);
  if (!params.has(PAGE_CHILD_PARAM)) return;
  params.delete(PAGE_CHILD_PARAM);
  const search = params.toString();
  window.history.replaceState(
    window.history.state,
    "",
    `${window.location.pathname}${search ? `?${search}` : ""}`,
  );
}

/**
 * The child a one-child screen shows (TPN Nutrition, PICC lines): the one picked on the screen,
 * else the header's child filter, else the family's only child. Picking here changes this screen
 * only, never the header's filter (which every other list follows); a new choice in the header is
 * newer than the pick and wins. A child named in the address (the dashboard's 'TPN today') is
 * the first pick.
 */
export function usePageChild() {
  const { childId: filterChildId, children, isLoading } = useChildFilter();
  // Read while rendering (a render thrown away by a loading screen part reads it again), and
  // removed from the address once shown.
  const [fromAddress, setFromAddress] = useState(childInAddress);
  useEffect(removeChildFromAddress, []);
  const [picked, setPicked] = useState<{ childId: string; filterChildId: string | null } | null>(null);
  if (fromAddress && !isLoading) {
    // Once the header's child is known, the address's child counts as picked over it.
    setFromAddress(null);
    setPicked({ childId: fromAddress, filterChildId });
  }
  const stillPicked =
    picked && picked.filterChildId === filterChildId && children.some((c) => c.id === picked.childId);
  const only = children.length === 1 ? (children[0]?.id ?? null) : null;
  const childId = fromAddress ?? (stillPicked ? picked.childId : null) ?? filterChildId ?? only;
  return {
    childId,
    child: children.find((c) => c.id === childId) ?? null,
    pick: (id: string) => setPicked({ childId: id, filterChildId }),
    hasChildren: children.length > 0,
  };
}
