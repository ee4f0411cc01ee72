import type { Child } from "@/client/lib/children-api";

/** What Settings' 'Delete Child Profile' says it deletes, in the card and in its confirmation. */
export interface ChildProfileDeletion {
  /** What goes: "Sofia's profile and every care record", "every care record" with no child. */
  whatGoes: string;
  /** Two or more children: the card also points to Children Profiles for deleting one. */
  several: boolean;
  /** The confirmation's title and its confirming button. */
  title: string;
  confirmLabel: string;
  /** The success toast's text; undefined keeps the server's (one-child) message. */
  done: string | undefined;
}

/**
 * The server deletes every child and every care record of the account however many children
 * there are. With several, 'Delete Child Profile' could be read as one child, so the texts name
 * them all and their number; with one, they name the child. `children` undefined: still loading.
 */
export function describeChildProfileDeletion(
  children: readonly Pick<Child, "name">[] | undefined,
): ChildProfileDeletion {
  const base = { several: false, confirmLabel: "Delete Child Profile", done: undefined };
  if (!children)
    return {
      ...base,
      whatGoes: "the child profiles and every care record",
      title: "Delete the child profile?",
    };
  const [only] = children;
  if (!only) return { ...base, whatGoes: "every care record", title: "Delete every care record?" };
  if (children.length === 1) {
    return {
      ...base,
      whatGoes: `${only.name}'s profile and every care record`,
      title: `Delete ${only.name}'s profile?`,
    };
  }
  const count = children.length;
  const names = new Intl.ListFormat("en", { type: "conjunction" }).format(children.map((c) => c.name));
  return {
    whatGoes: `the profiles of all ${count} children (${names}) and every care record`,
    several: true,
    title: `Delete all ${count} children's profiles?`,
    confirmLabel: `Delete All ${count} Profiles`,
    done: `All ${count} children's profiles and every care record have been deleted.`,
  };
}
