import { formatDateTime } from "@/client/lib/format";
import {
  API_TOKEN_DEFAULT_DAYS,
  API_TOKEN_MODE_LABELS,
  type ApiToken,
  type ApiTokenMode,
  apiTokenState,
} from "@/domain/api-tokens";

/** How long a new token works: the choices offered, 90 days unless another is chosen. */
export const TOKEN_EXPIRY_CHOICES = [
  { days: 30, label: "30 days" },
  { days: API_TOKEN_DEFAULT_DAYS, label: "90 days" },
  { days: 180, label: "6 months" },
  { days: 365, label: "1 year" },
] as const;

/** What each kind of token lets a program do, under its choice in the form. */
export const TOKEN_MODE_HINTS: Record<ApiTokenMode, string> = {
  read: "Reads records, such as the last dose",
  write: "Also logs and changes records",
};

/** "Sam and Ana", "Sam, Ana and Leo": the children a token is limited to. */
function namesInWords(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "No child";
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** "Read and write · Every child", "Read only · Sam": what a token may do, and for whom. */
export function tokenScope(token: Pick<ApiToken, "mode" | "children">): string {
  const children = token.children ? namesInWords(token.children.map((c) => c.name)) : "Every child";
  return `${API_TOKEN_MODE_LABELS[token.mode]} · ${children}`;
}

/**
 * When a token works until (or since when it no longer works), when it was made and last used, on
 * its family's clock.
 */
export function tokenDates(
  token: Pick<ApiToken, "createdAt" | "expiresAt" | "lastUsedAt" | "revokedAt" | "timeZone">,
  now: Date,
): { state: ReturnType<typeof apiTokenState>; until: string; made: string; used: string } {
  const at = (value: string) => formatDateTime(value, token.timeZone);
  const state = apiTokenState(token, now);
  const until =
    state === "revoked"
      ? `Revoked ${at(token.revokedAt!)}`
      : `${state === "active" ? "Works until" : "Expired"} ${at(token.expiresAt)}`;
  return {
    state,
    until,
    made: `Made ${at(token.createdAt)}`,
    used: token.lastUsedAt ? `Last used ${at(token.lastUsedAt)}` : "Not used yet",
  };
}
