import { requestJson } from "@/client/lib/api";
import type { MessageRecord } from "@/domain/auth";

/** Opens an email confirmation link: its token, from `/confirm-email?token=...`. */
export function confirmEmail(token: string): Promise<MessageRecord> {
  return requestJson<MessageRecord>("POST", "/api/auth/email-confirmation/confirm", { token });
}
