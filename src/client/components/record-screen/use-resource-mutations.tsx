import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { toast } from "@/client/components/ui/use-toast";
import { errorMessage, errorStatus, SAVE_TIMEOUT_MS } from "@/client/lib/api";
import { useDeviceOwner } from "@/client/lib/auth";
import type { SaveTarget } from "@/client/lib/outbox/outbox";
import { loadOutbox } from "@/client/lib/pending-saves";
import type { ListParams, ResourceApi } from "@/client/lib/resource-api";
import { isSessionEndedError } from "@/client/lib/session-expiry";

/**
 * A success toast: its text under the screen's success title ('Success'), or a title and text of
 * its own ('Supply added' / 'TPN supply has been added successfully.').
 */
export type SuccessMessage = string | { title: string; description: string };

/** The spec's toast texts of one resource (section 8). */
export interface ResourceMessages {
  created: SuccessMessage;
  createFailed: string;
  updated?: SuccessMessage;
  updateFailed?: string;
  deleted: SuccessMessage;
  deleteFailed: string;
}

export interface ResourceMutationOptions<T> {
  messages: ResourceMessages;
  /** Other queries a change affects, e.g. `[['dashboard', 'stats']]`; `[[]]` (every query) for a child. */
  alsoInvalidate?: readonly QueryKey[];
  /** Title of failure toasts; by default the failure text is the title and the server's reason the text. */
  failureTitle?: string;
  /** Title of success toasts (spec: 'Success'). */
  successTitle?: string;
  /**
   * A sentence added under a create or update toast about the saved record, e.g. where it went
   * when the list will not show it.
   */
  savedNote?: (record: T) => string | undefined;
  /** What one record is called in a sentence ('symptom entry'), for an entry kept on this device. */
  entryLabel?: string;
  /**
   * A failure the screen answers itself, with no toast: a dose given shortly after another is a
   * question to the person ("Give another dose?"), not an error.
   */
  answeredByCaller?: (err: unknown) => boolean;
}

/** A typed entry's create: saved on the server, or waiting on this device until it can be sent. */
export type EntryOutcome<T> = { saved: T; pending?: undefined } | { saved?: undefined; pending: true };

/** A record's version, when its answer carries one: an edit or delete waiting on this device is sent with it. */
export const versionOf = (record: object): number | undefined => {
  const version = (record as { version?: unknown }).version;
  return typeof version === "number" ? version : undefined;
};

/** The toast's text: the spec's message, and the note on a line of its own. */
function describe(message: string | undefined, note: string | undefined): ReactNode {
  if (!note) return message;
  return (
    <>
      {message ? <span className="block">{message}</span> : null}
      <span className="mt-1 block">{note}</span>
    </>
  );
}

/**
 * Create, update and delete of one resource with the spec's toasts, reloading its lists (and
 * `alsoInvalidate`) after every success. Use `mutateAsync` with `RecordDialog`/`ConfirmDeleteDialog`.
 */
export function useResourceMutations<T, Input, Params extends ListParams>(
  api: ResourceApi<T, Input, Params>,
  {
    messages,
    alsoInvalidate = [],
    failureTitle,
    successTitle = "Success",
    savedNote,
    entryLabel = "entry",
    answeredByCaller,
  }: ResourceMutationOptions<T>,
) {
  const queryClient = useQueryClient();
  const owner = useDeviceOwner();

  const succeed = async (message: SuccessMessage | undefined, saved?: T) => {
    const note = saved === undefined ? undefined : savedNote?.(saved);
    const { title, description } =
      typeof message === "object" ? message : { title: successTitle, description: message };
    if (description || note) toast({ title, description: describe(description, note) });
    const keys = [api.key, ...alsoInvalidate];
    // The empty key already reaches every query; invalidating others too would fetch them twice.
    const queryKeys = keys.some((key) => key.length === 0) ? [[]] : keys;
    await Promise.all(queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  };
  const fail = (failure: string | undefined, err: unknown) => {
    // The session ended: the "Your session has ended" dialog is the message (see query-client.ts).
    if (isSessionEndedError(err) || answeredByCaller?.(err)) return;
    // A 4xx reason tells the person what to fix; a server fault's text adds nothing to "Please try again".
    const status = errorStatus(err);
    const reason = status !== undefined && status >= 500 && failure ? "" : errorMessage(err);
    toast(
      failureTitle
        ? {
            title: failureTitle,
            description: failure ? `${failure} ${reason}`.trim() : reason,
            variant: "destructive",
          }
        : { title: failure ?? "Error", ...(reason ? { description: reason } : {}), variant: "destructive" },
    );
  };

  /** The outbox, when this device has one (IndexedDB) and someone is signed in. */
  const outbox = () => (owner ? loadOutbox().catch(() => null) : Promise.resolve(null));
  const target = (): SaveTarget => ({
    owner: owner ?? "",
    path: api.basePath,
    method: api.updateMethod,
    queryKeys: [api.key, ...alsoInvalidate],
    screenOf: api.screenOf,
  });
  /** Waiting on this device: the words say so (a new entry, an edit or a delete). */
  const kept = (what: string) =>
    toast({
      title: "Saved on this phone",
      description: `No connection right now. The ${what} will be sent when the connection is back.`,
    });
  const timeout = { timeoutMs: SAVE_TIMEOUT_MS };

  const create = useMutation({
    mutationFn: (input: Input) => api.create(input),
    onSuccess: (saved) => succeed(messages.created, saved),
    onError: (err) => fail(messages.createFailed, err),
  });
  // A typed entry's create, under the id its form made: written to the outbox on this device
  // first, then sent; when the server cannot be reached (or does not answer within a few seconds)
  // it waits there and is sent later.
  const createEntry = useMutation({
    // Sent even when the browser says it is offline (by default a mutation would wait, the form
    // spinning, until it is online again): the outbox keeps it at once.
    networkMode: "always",
    mutationFn: async ({
      input,
      entryKey,
      label = entryLabel,
      childId,
    }: {
      input: Input;
      entryKey: string;
      /** What this entry is, when more can be said than `entryLabel` ('dose of Ursodiol'). */
      label?: string;
      /** The child it is for, when its fields do not say (a dose: its medication's). */
      childId?: string;
    }): Promise<EntryOutcome<T>> => {
      const box = await outbox();
      // No outbox on this device: sent as it is, and a failure keeps the form open.
      if (!box) return { saved: await api.create(input, { id: entryKey }) };
      const outcome = await box.saveCreate(target(), entryKey, input, label, childId);
      return outcome.sent ? { saved: outcome.record as T } : { pending: true };
    },
    onSuccess: (outcome, { label = entryLabel }) =>
      outcome.pending ? kept(label) : succeed(messages.created, outcome.saved),
    onError: (err) => fail(messages.createFailed, err),
  });
  // An edit or a delete goes to the server at once; one that cannot reach it (or whose record
  // still waits on this device) waits in the outbox with the version it was based on.
  const update = useMutation({
    networkMode: "always",
    mutationFn: async ({ id, input, version }: { id: string; input: Partial<Input>; version?: number }) => {
      const direct = () => api.update(id, input, timeout);
      const box = await outbox();
      if (!box) return direct();
      const outcome = await box.saveChange(
        target(),
        "update",
        id,
        input,
        `change to ${entryLabel}`,
        direct,
        version,
      );
      return outcome.sent ? (outcome.record as T) : undefined;
    },
    onSuccess: (saved) =>
      saved === undefined ? kept(`change to the ${entryLabel}`) : succeed(messages.updated, saved),
    onError: (err) => fail(messages.updateFailed, err),
  });
  const remove = useMutation({
    networkMode: "always",
    mutationFn: async (record: string | { id: string; version?: number }) => {
      const { id, version } = typeof record === "string" ? { id: record, version: undefined } : record;
      const direct = () => api.remove(id, timeout);
      const box = await outbox();
      if (!box) return direct().then(() => true);
      const outcome = await box.saveChange(
        target(),
        "delete",
        id,
        null,
        `deletion of ${entryLabel}`,
        direct,
        version,
      );
      return outcome.sent || outcome.result === "discarded";
    },
    onSuccess: (done) => (done ? succeed(messages.deleted) : kept(`deletion of the ${entryLabel}`)),
    onError: (err) => fail(messages.deleteFailed, err),
  });

  return { create, createEntry, update, remove };
}
