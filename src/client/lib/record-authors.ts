import { format, formatDistanceStrict } from "date-fns";
import { zonedNow } from "@/domain/clock";
import { formatDateTime } from "./format";

/**
 * Who added a record and who changed it last, as every record answer carries them (see
 * `authorFields` in src/domain/records.ts). A name is null when that account is gone, or for a
 * record restored from a backup: then the line says nothing of who.
 */
export interface AuthoredRecord {
  createdAt: string | Date;
  updatedAt: string | Date;
  createdBy?: string | null;
  updatedBy?: string | null;
  createdByName?: string | null;
  updatedByName?: string | null;
}

/** A record as a list gives it, when it carries its times (every record answer does); else null. */
export function authoredOf(record: object): AuthoredRecord | null {
  return "createdAt" in record && "updatedAt" in record ? (record as AuthoredRecord) : null;
}

/** Whom the line is read by (their own changes are "you") and on which clock. */
export interface AuthorsReader {
  /** The signed-in person's id; null when unknown. */
  viewerId: string | null;
  /** The family's IANA time zone: dates are the family's days. */
  timeZone: string;
  now: Date;
}

/** A change within this long of the record's creation is the creation itself. */
const SAME_MOMENT_MS = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * "you" for the reader, else the person as a family calls them: the first name ("Maria" of "Maria
 * Lopez"), or an email's name ("grace.l" of "grace.l@example.org") for an account without names;
 * `{ full: true }` keeps the whole name. Null when nothing can be said of who.
 */
export function personLabel(
  id: string | null | undefined,
  name: string | null | undefined,
  viewerId: string | null,
  { full = false }: { full?: boolean } = {},
): string | null {
  if (id && viewerId && id === viewerId) return "you";
  const trimmed = name?.trim();
  if (!trimmed) return null;
  if (full) return trimmed;
  if (trimmed.includes("@")) return trimmed.slice(0, trimmed.indexOf("@")) || trimmed;
  return trimmed.split(/\s+/)[0] ?? trimmed;
}

/**
 * When something happened, as a card says it: "just now", "5 minutes ago", "2 hours ago" within a
 * day, else the family's date: "Nov 24" this year, "Nov 24, 2025" before.
 */
export function whenText(
  at: string | Date,
  { now, timeZone }: Pick<AuthorsReader, "now" | "timeZone">,
): string {
  const instant = new Date(at);
  if (Number.isNaN(instant.getTime())) return "";
  const ago = now.getTime() - instant.getTime();
  if (ago < 60_000) return "just now";
  if (ago < DAY_MS) return formatDistanceStrict(instant, now, { addSuffix: true, roundingMethod: "floor" });
  const day = zonedNow(timeZone, instant);
  const sameYear = day.getFullYear() === zonedNow(timeZone, now).getFullYear();
  return format(day, sameYear ? "MMM d" : "MMM d, yyyy");
}

/** Whether the record was changed after it was added. */
export function wasChanged(record: AuthoredRecord): boolean {
  const created = new Date(record.createdAt).getTime();
  const updated = new Date(record.updatedAt).getTime();
  if (updated - created >= SAME_MOMENT_MS) return true;
  return (record.updatedBy ?? null) !== (record.createdBy ?? null);
}

/**
 * The quiet line under a record: who added it and who changed it last, and when.
 *
 * - "Added by Maria, Nov 24": not changed since;
 * - "Added by Maria · changed by Tom, 2 hours ago": changed by someone else (the time is the change's);
 * - "Added and changed by Maria, 2 hours ago": changed by the same person;
 * - "Added by you, just now": the reader's own;
 * - "Added Nov 3 · changed 2 hours ago": nobody named (an account gone, a restored record).
 */
export function authorsText(record: AuthoredRecord, reader: AuthorsReader): string {
  return authorsParts(record, reader).join(" · ");
}

/**
 * `authorsText` in its parts: the addition, then the change when there is one ("changed by Tom,
 * 2 hours ago"), so a narrow card can shorten the first and keep the latest.
 */
export function authorsParts(record: AuthoredRecord, reader: AuthorsReader): [string] | [string, string] {
  const creator = personLabel(record.createdBy, record.createdByName, reader.viewerId);
  const added = whenText(record.createdAt, reader);
  if (!wasChanged(record)) return [creator ? `Added by ${creator}, ${added}` : `Added ${added}`];

  const changed = whenText(record.updatedAt, reader);
  const changer = personLabel(record.updatedBy, record.updatedByName, reader.viewerId);
  const samePerson = creator !== null && record.createdBy != null && record.createdBy === record.updatedBy;
  if (samePerson) return [`Added and changed by ${creator}, ${changed}`];
  const first = creator ? `Added by ${creator}` : `Added ${added}`;
  return [first, changer ? `changed by ${changer}, ${changed}` : `changed ${changed}`];
}

/**
 * The same line with whole names and exact times, for a pointer's tooltip: "Added by Maria Lopez on
 * Nov 24, 2026 09:30 · changed by Tom Reyes on Nov 25, 2026 14:05", in the family's zone as the
 * exports' stamps.
 */
export function authorsDetail(record: AuthoredRecord, reader: AuthorsReader): string {
  const stamp = (at: string | Date) => formatDateTime(new Date(at), reader.timeZone);
  const full = { full: true };
  const creator = personLabel(record.createdBy, record.createdByName, reader.viewerId, full);
  const added = `Added${creator ? ` by ${creator}` : ""} on ${stamp(record.createdAt)}`;
  if (!wasChanged(record)) return added;
  const changer = personLabel(record.updatedBy, record.updatedByName, reader.viewerId, full);
  return `${added} · changed${changer ? ` by ${changer}` : ""} on ${stamp(record.updatedAt)}`;
}
