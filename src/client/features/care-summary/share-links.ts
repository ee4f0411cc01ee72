import { SHARE_LINK_DEFAULT_HOURS, type ShareLink } from "@/domain/family";

/** How long a new clinic link works: the choices offered, 3 days unless another is chosen. */
export const EXPIRY_CHOICES = [
  { hours: 24, label: "24 hours" },
  { hours: 3 * 24, label: "3 days" },
  { hours: 7 * 24, label: "7 days" },
  { hours: 30 * 24, label: "30 days" },
] as const;

export const DEFAULT_EXPIRY_HOURS = SHARE_LINK_DEFAULT_HOURS;

/** "3 days" for 72 hours; a length no choice offers is said in days or hours. */
export function expiryLabel(hours: number): string {
  const choice = EXPIRY_CHOICES.find((c) => c.hours === hours);
  if (choice) return choice.label;
  if (hours % 24 === 0) return hours === 24 ? "1 day" : `${hours / 24} days`;
  return hours === 1 ? "1 hour" : `${hours} hours`;
}

/** Where a link is in its life: it works, its time ran out, or the family withdrew it. */
export type LinkState = "active" | "expired" | "withdrawn";

export function linkState(link: Pick<ShareLink, "expiresAt" | "revokedAt">, now: Date): LinkState {
  if (link.revokedAt) return "withdrawn";
  return new Date(link.expiresAt).getTime() <= now.getTime() ? "expired" : "active";
}

/** The server lists a link's newest 50 views; a link with that many may have more. */
export const VIEWS_LISTED = 50;

/** How often a link was opened, as its list says it. */
export function viewsLabel(count: number): string {
  if (count === 0) return "Not opened yet";
  if (count === 1) return "Opened once";
  if (count >= VIEWS_LISTED) return `Opened ${VIEWS_LISTED} times or more`;
  return `Opened ${count} times`;
}
