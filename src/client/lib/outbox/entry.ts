/**
 * What the outbox holds (types only: the code that runs with the first screen and the outbox's
 * own chunk each import what they use, see `pending-saves.ts`): each save of a record that has not reached the server yet, as the
 * operation to send (a create, an edit or a delete), kept on this device in IndexedDB under the
 * person and family that made it (`owner`).
 */
import type { QueryKey } from "@tanstack/react-query";
import type { TooSoon } from "@/domain/dose-records";
import type { ApiIssue } from "../api";

export type OutboxOp = "create" | "update" | "delete";

/** Why the server did not take an entry: it waits, with this, for the person to answer it. */
export interface Refusal {
  /** The HTTP status (400/422 a value to correct, 409 a rule, 412 changed meanwhile). */
  status: number;
  /** The server's reason, as a sentence. */
  message: string;
  /** The fields the server found wrong (a 400's issues), to show on the form. */
  issues?: ApiIssue[];
  /** A dose given shortly before by someone (the 409 question): it can be sent confirmed. */
  tooSoon?: TooSoon;
  /** A 412's record as the server holds it now, for the person to compare with this change. */
  current?: unknown;
}

export interface OutboxEntry {
  /** The entry's own id, a UUIDv7: entries sort by the moment they were saved. */
  id: string;
  op: OutboxOp;
  /** The collection ("/api/tpn"); the record lives at `${path}/${recordId}`. */
  path: string;
  /** The record's id: for a create, the id made on this device (also its Idempotency-Key). */
  recordId: string;
  /** What is sent: the create's or the edit's fields (without `id`); null for a delete. */
  body: Record<string, unknown> | null;
  /** The record's version the edit or delete was based on, sent as `If-Match`. */
  baseVersion?: number;
  /** How the record type takes an edit (PATCH by default). */
  method?: "PATCH" | "PUT";
  /** What it is, for a person: "dose of Ursodiol", "TPN entry". */
  label: string;
  /** The child it is for, when it is for one (named in the list of entries waiting). */
  childId?: string | null;
  /** Where its form opens to change it (`/tpn-nutrition?child=<id>`), when a screen lists it. */
  screen?: string;
  /** The lists to reload once it has arrived. */
  queryKeys: QueryKey[];
  /** `${userId}:${familyId}`: never sent under another person or family. */
  owner: string;
  /** When it was saved on this device (ISO). */
  savedAt: string;
  /** How many times it was tried and did not arrive. */
  attempts: number;
  /**
   * A try went out and its answer never came (a timeout): the create may be on the server. It is
   * then no longer changed in place: an edit is sent after it, a delete in its stead.
   */
  maybeSent?: boolean;
  /** Set when the server refused it: it is not sent again by itself. */
  refusal?: Refusal;
}
