import { useState } from "react";
import { useChildFilter } from "@/client/lib/child-filter";

/**
 * The child a one-child screen shows (TPN Nutrition, PICC lines): the one picked on the screen,
 * else the header's child filter, else the family's only child. Picking here changes this screen
 * only, never the header's filter (which every other list follows); a new choice in the header is
 * newer than the pick and wins.
 */
export function usePageChild() {
  const { childId: filterChildId, children } = useChildFilter();
  const [picked, setPicked] = useState<{ childId: string; filterChildId: string | null } | null>(null);
  const stillPicked =
    picked && picked.filterChildId === filterChildId && children.some((c) => c.id === picked.childId);
  const only = children.length === 1 ? (children[0]?.id ?? null) : null;
  const childId = (stillPicked ? picked.childId : null) ?? filterChildId ?? only;
  return {
    childId,
    child: children.find((c) => c.id === childId) ?? null,
    pick: (id: string) => setPicked({ childId: id, filterChildId }),
    hasChildren: children.length > 0,
  };
}
