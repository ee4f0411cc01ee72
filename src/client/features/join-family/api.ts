import { requestJson } from "@/client/lib/api";
import type { AuthUser } from "@/client/lib/auth";
import type { InvitationPreview } from "@/domain/family";

export type { InvitationPreview };

export const invitationPreviewKey = (token: string) => ["invitation", "preview", token] as const;

/** Which family, role and children an invitation's link is for (signed in or out). */
export const previewInvitation = (token: string) =>
  requestJson<InvitationPreview>("POST", "/api/invitations/preview", { token });

/** Joins the family for the person signed in; answers who is signed in, now using that family. */
export const acceptInvitation = (token: string) =>
  requestJson<AuthUser>("POST", "/api/invitations/accept", { token });
