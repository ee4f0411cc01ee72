import { queryOptions } from "@tanstack/react-query";
import { getJson, requestJson } from "@/client/lib/api";
import type { AuthUser } from "@/client/lib/auth";
import type { CreatedInvitation, FamilyMember, Invitation, InvitationInput } from "@/domain/family";
import type { Role } from "@/domain/roles";

export type { CreatedInvitation, FamilyMember, Invitation };

/** The family screen's lists, per family (switching family forgets them anyway). */
export const familyKeys = {
  all: (familyId: string) => ["family", familyId] as const,
  members: (familyId: string) => ["family", familyId, "members"] as const,
  invitations: (familyId: string) => ["family", familyId, "invitations"] as const,
};

/** The members, owner first: only the owner may read them. */
export const membersQueryOptions = (familyId: string) =>
  queryOptions({
    queryKey: familyKeys.members(familyId),
    queryFn: () => getJson<FamilyMember[]>("/api/family/members"),
    // Read anew on each visit: someone may have accepted an invitation, or the family changed hands.
    staleTime: 0,
  });

/** The invitations not yet accepted, withdrawn or expired: only the owner may read them. */
export const invitationsQueryOptions = (familyId: string) =>
  queryOptions({
    queryKey: familyKeys.invitations(familyId),
    queryFn: () => getJson<Invitation[]>("/api/family/invitations"),
    staleTime: 0,
  });

/** The owner renames the family; answers who is signed in (with the new name). */
export const renameFamily = (name: string) => requestJson<AuthUser>("PATCH", "/api/family", { name });

/** The owner deletes the family; the person then uses another family of theirs (or a new, empty one). */
export const deleteFamily = () => requestJson<{ message: string }>("DELETE", "/api/family");

/** Who is signed in now (after the family in use was deleted). */
export const currentUser = () => getJson<AuthUser>("/api/auth/user");

/** A member (not the owner) leaves; answers who is signed in, now in another family. */
export const leaveFamily = () => requestJson<AuthUser>("POST", "/api/family/leave");

export interface MemberChange {
  role?: Role;
  childIds?: string[] | null;
}

/** Changes a member's role or children; `role: "owner"` hands the family over. Answers the members. */
export const updateMember = (userId: string, change: MemberChange) =>
  requestJson<FamilyMember[]>("PATCH", `/api/family/members/${encodeURIComponent(userId)}`, change);

export const removeMember = (userId: string) =>
  requestJson<void>("DELETE", `/api/family/members/${encodeURIComponent(userId)}`);

/** Invites someone: the answer carries the link, shown once. */
export const createInvitation = (input: InvitationInput) =>
  requestJson<CreatedInvitation>("POST", "/api/family/invitations", input);

export const revokeInvitation = (id: string) =>
  requestJson<void>("DELETE", `/api/family/invitations/${encodeURIComponent(id)}`);

/** Lets in the account that asked to join with an invitation sent to another address. */
export const approveInvitationRequest = (id: string) =>
  requestJson<void>("POST", `/api/family/invitations/${encodeURIComponent(id)}/approve`);
