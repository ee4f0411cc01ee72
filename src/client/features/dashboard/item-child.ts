/** What the dashboard's lists know of the header's child filter (`useChildFilter`). */
export interface ChildView<C extends { id: string }> {
  /** The chosen child's id, or null while the lists show every child. */
  childId: string | null;
  children: readonly C[];
}

/** Whether the lists show the records of two or more children at once, so each item says whose it is. */
export function showsSeveralChildren(view: ChildView<{ id: string }>): boolean {
  return view.childId === null && view.children.length > 1;
}

/**
 * The child to name beside a dashboard item (a lab test, a medication, a visit): only while the
 * lists show every child of a family of two or more. With one child in view the name would only
 * repeat the header's; an item linked to no child (or to one since deleted) names nobody.
 */
export function itemChild<C extends { id: string }>(
  childId: string | null | undefined,
  view: ChildView<C>,
): C | null {
  if (!childId || !showsSeveralChildren(view)) return null;
  return view.children.find((child) => child.id === childId) ?? null;
}
