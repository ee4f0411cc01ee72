import { requestJson } from "@/client/lib/api";
import type { AuthUser } from "@/client/lib/auth";
import type { InvitationPreview } from "@/domain/family";

export type { InvitationPreview };

export const invitationPreviewKey = (token: string) => ["invitation", "preview", token] as const;

/** Who invites, to what role, until when (signed in or out). */
export const previewInvitation = (token: string) =>
  requestJson<InvitationPreview>("POST", "/api/invitations/preview", { token });

/**
 * Joins the family for the person signed in, when the invitation was sent to their confirmed
 * address (403 otherwise); answers who is signed in, now using that family.
 */
export const acceptInvitation = (token: string) =>
  requestJson<AuthUser>("POST", "/api/invitations/accept", { token });

/** Asks the family's owner to let this account join with an invitation it may not accept itself. */
export const requestToJoin = (token: string) =>
  requestJson<{ message: string }>("POST", "/api/invitations/request", { token });
