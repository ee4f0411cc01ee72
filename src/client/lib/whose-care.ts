import type { Child } from "./children-api";

/** What the header's child filter shows: its child, and the family's children. */
export interface ShownChildren {
  selectedChild: Pick<Child, "name"> | null;
  children: readonly Pick<Child, "name">[];
}

/**
 * Whose care the screens show, as a possessive: the child the header shows, else the family's
 * only child ("Mia's"); with several children and all of them shown, "your children's"; null
 * while the family has no child profile (or it is still loading).
 */
export function whoseCare({ selectedChild, children }: ShownChildren): string | null {
  const child = selectedChild ?? (children.length === 1 ? children[0] : null);
  const name = child?.name.trim();
  if (name) return `${name}'s`;
  return children.length > 1 ? "your children's" : null;
}

/** The header's line under the product name: "Mia's day", "Your children's day". */
export function headerChildLine(shown: ShownChildren): string {
  const whose = whoseCare(shown);
  return whose ? `${whose.charAt(0).toUpperCase()}${whose.slice(1)} day` : "Child Care Dashboard";
}
