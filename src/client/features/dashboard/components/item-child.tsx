import { LinkedChild } from "@/client/components/children/linked-child";
import { useChildFilter } from "@/client/lib/child-filter";
import { itemChild } from "../item-child";

/**
 * Whose a dashboard item is, as record cards show it (the child's avatar and name), while the
 * lists show every child; nothing with one child in view or for an item linked to no child.
 */
export function ItemChild({ childId }: { childId: string | null | undefined }) {
  const child = itemChild(childId, useChildFilter());
  if (!child) return null;
  // In the items' muted lines the name keeps the text colour, as on a card.
  return (
    <span className="inline-flex min-w-0 max-w-full text-foreground">
      <LinkedChild childId={child.id} />
    </span>
  );
}
