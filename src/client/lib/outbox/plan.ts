import type { OutboxEntry } from "./entry";

/** What a save does to the outbox: entries to write and to remove, in one transaction. */
export interface SavePlan {
  put: OutboxEntry[];
  remove: string[];
  /**
   * "added": a new entry waits; "merged": an entry already waiting for that record took the
   * change (an unsent create stays one create); "discarded": the delete of a record never sent
   * took its create away, so nothing is left to send.
   */
  result: "added" | "merged" | "discarded";
  /** The entry that now carries the save (null once discarded). */
  entry: OutboxEntry | null;
}

function cleared(entry: OutboxEntry): OutboxEntry {
  const { refusal: _, ...rest } = entry;
  return rest;
}

/**
 * How `incoming` joins the entries already waiting for its person (`waiting`, oldest first).
 * A record waits as at most one create (or one edit) and one delete: an edit of a record still to
 * be created changes what the create sends; a second edit joins the first (keeping the version it
 * was based on); a delete takes away the edits before it, or the whole record when it was never
 * sent. A change clears the refusal of the entry it joins: it is sent again as changed. A create
 * that may have arrived (`maybeSent`) is left as it is: an edit waits after it, and a delete takes
 * its place (the server answers that a record never made is gone).
 */
export function planSave(waiting: readonly OutboxEntry[], saved: OutboxEntry): SavePlan {
  let incoming = saved;
  const same = waiting.filter((e) => e.path === incoming.path && e.recordId === incoming.recordId);
  const found = same.find((e) => e.op === "create");
  const create = found?.maybeSent ? undefined : found;
  const edit = same.find((e) => e.op === "update");
  if (found?.maybeSent && incoming.op === "create") incoming = { ...incoming, op: "update" };
  const merged = (into: OutboxEntry, body: OutboxEntry["body"]): SavePlan => {
    const entry = cleared({ ...into, body, childId: incoming.childId ?? into.childId });
    return { put: [entry], remove: [], result: "merged", entry };
  };
  switch (incoming.op) {
    case "create":
      if (create) return merged({ ...create, label: incoming.label }, incoming.body);
      break;
    case "update": {
      const into = create ?? edit;
      if (into) return merged(into, { ...into.body, ...incoming.body });
      break;
    }
    case "delete": {
      if (create) return { put: [], remove: same.map((e) => e.id), result: "discarded", entry: null };
      const entry = { ...incoming, baseVersion: edit?.baseVersion ?? incoming.baseVersion };
      return { put: [entry], remove: same.map((e) => e.id), result: "added", entry };
    }
  }
  return { put: [incoming], remove: [], result: "added", entry: incoming };
}
