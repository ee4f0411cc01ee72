/*
 * No imports here: the client's first screens read the roles without loading zod.
 */
/**
 * Who may do what in a family: the roles and what each allows, read by the server (every request's
 * check) and the client (a screen does not offer what the role may not do).
 *
 * - owner: everything, including the members, the invitations, the family's settings (its name and
 *   time zone) and deleting the family;
 * - caregiver: reads and writes every record of the family (of the children the membership is
 *   limited to), and creates read-only links for the clinic;
 * - viewer: reads only.
 */
export const ROLES = ["owner", "caregiver", "viewer"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  owner: "Owner",
  caregiver: "Caregiver",
  viewer: "Viewer",
};

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: "Everything, including members, invitations and deleting the family",
  caregiver: "Reads and writes every record, creates links for the clinic",
  viewer: "Reads only",
};

/**
 * What a request may need:
 * - read: the family's records (of the member's children);
 * - write: add, change or delete records;
 * - share: create and revoke read-only links for the clinic;
 * - manage: members, invitations, the family's settings, restores and deletions of the family's data.
 */
export type Permission = "read" | "write" | "share" | "manage";

const ALLOWED: Record<Role, readonly Permission[]> = {
  owner: ["read", "write", "share", "manage"],
  caregiver: ["read", "write", "share"],
  viewer: ["read"],
};

export function can(role: Role, permission: Permission): boolean {
  return ALLOWED[role].includes(permission);
}

/** Why a request was refused (403), in words a person reads. */
export const REFUSED: Record<Exclude<Permission, "read">, string> = {
  write: "Your role in this family can read records but not change them.",
  share: "Your role in this family cannot create links for the clinic.",
  manage: "Only the family's owner can do this.",
};

/** The roles an invitation can give: ownership is handed over, never given by a link. */
export const INVITED_ROLES = ["caregiver", "viewer"] as const;
export type InvitedRole = (typeof INVITED_ROLES)[number];
