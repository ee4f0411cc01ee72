import { ROLE_LABELS, type Role } from "@/domain/roles";

/** Names as a sentence reads them: "Mia", "Mia and Leo", "Mia, Leo and Sam". */
export function namesList(names: readonly string[]): string {
  const clean = names.map((n) => n.trim()).filter(Boolean);
  if (clean.length <= 1) return clean[0] ?? "";
  return `${clean.slice(0, -1).join(", ")} and ${clean.at(-1)}`;
}

/**
 * Which children a membership or an invitation covers: "Every child" (null: also children added
 * later), else "Only Mia and Leo".
 */
export function childrenScope(names: readonly string[] | null): string {
  if (names === null) return "Every child";
  const list = namesList(names);
  return list ? `Only ${list}` : "No child still in the family";
}

/** The names of `ids` among the family's children, in the family's order; unknown ids are left out. */
export function childNames(ids: readonly string[] | null, children: readonly { id: string; name: string }[]) {
  if (ids === null) return null;
  return children.filter((child) => ids.includes(child.id)).map((child) => child.name);
}

/** A role inside a sentence: "a caregiver", "a viewer", "the owner". */
export function roleInSentence(role: Role): string {
  return role === "owner" ? "the owner" : `a ${ROLE_LABELS[role].toLowerCase()}`;
}

/**
 * "Ana invited you to join their family as a caregiver." An invitation's page says no more: the
 * family's name, the address invited and the children are not shown to whoever holds the link.
 */
export function invitationSentence(invitation: { invitedByName: string | null; role: Role }): string {
  const who = invitation.invitedByName?.trim();
  return who
    ? `${who} invited you to join their family as ${roleInSentence(invitation.role)}.`
    : `You are invited to join a family as ${roleInSentence(invitation.role)}.`;
}

/** A family in the header's switch: "The Lopez family (Caregiver)". */
export function familyOptionLabel(family: { name: string; role: Role }): string {
  return `${family.name} (${ROLE_LABELS[family.role]})`;
}

/** A person's place in a family: their role and the children they see (null: every child). */
export interface Place {
  role: Role;
  childIds: readonly string[] | null;
}

const sameChildren = (a: readonly string[] | null, b: readonly string[] | null) =>
  a === null || b === null ? a === b : a.length === b.length && a.every((id) => b.includes(id));

/** Whether two places in a family differ (another member changed the person's role or children). */
export function placeChanged(before: Place, after: Place): boolean {
  return before.role !== after.role || !sameChildren(before.childIds, after.childIds);
}

/**
 * What an open page tells a person whose role or children another member changed, and what they
 * can still do and see: "You can now read The Lopez family's records, but not add or change them.
 * You now see only Ana's records; ...". `seen`: the names of the children they now see (null: every child).
 */
export function accessChangeText(
  before: Place,
  after: Place,
  familyName: string,
  seen: readonly string[] | null,
) {
  const sentences: string[] = [];
  if (before.role !== after.role) {
    sentences.push(
      after.role === "viewer"
        ? `You can now read ${familyName}'s records, but not add or change them.`
        : after.role === "owner"
          ? `You are now ${familyName}'s owner.`
          : `You can now add and change ${familyName}'s records.`,
    );
  }
  if (!sameChildren(before.childIds, after.childIds)) {
    if (after.childIds === null) sentences.push(`You now see every child of ${familyName}.`);
    else {
      const whose = namesList((seen ?? []).map((name) => `${name}'s`));
      sentences.push(
        whose
          ? `You now see only ${whose} records; the family's other children are no longer shown.`
          : "You no longer see any of the family's children.",
      );
    }
  }
  return sentences.join(" ");
}
