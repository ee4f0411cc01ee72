import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { toast } from "@/client/components/ui/use-toast";
import { ConnectionError, errorMessage, errorStatus } from "@/client/lib/api";
import { useDeviceOwner } from "@/client/lib/auth";
import { keepPending } from "@/client/lib/pending-saves";
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

/** A create sent with its entry's key: saved, or kept on this device until the connection is back. */
export type EntryOutcome<T> = { saved: T; pending?: undefined } | { saved?: undefined; pending: true };

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

  const create = useMutation({
    mutationFn: (input: Input) => api.create(input),
    onSuccess: (saved) => succeed(messages.created, saved),
    onError: (err) => fail(messages.createFailed, err),
  });
  // A typed entry's create, with the key its form gave it: when the server cannot be reached (or
  // does not answer within a few seconds), the entry is kept on this device and sent later.
  const createEntry = useMutation({
    // Sent even when the browser says it is offline (by default a mutation would wait, the form
    // spinning, until it is online again): a failure keeps the entry on this device at once.
    networkMode: "always",
    mutationFn: async ({
      input,
      entryKey,
      label = entryLabel,
    }: {
      input: Input;
      entryKey: string;
      /** What this entry is, when more can be said than `entryLabel` ('medication given: Ursodiol'). */
      label?: string;
    }): Promise<EntryOutcome<T>> => {
      try {
        return { saved: await api.create(input, { idempotencyKey: entryKey }) };
      } catch (err) {
        const kept =
          err instanceof ConnectionError &&
          owner !== undefined &&
          keepPending(owner, {
            key: entryKey,
            path: api.basePath,
            body: input,
            label,
            queryKeys: [api.key, ...alsoInvalidate],
            savedAt: new Date().toISOString(),
          });
        if (kept) return { pending: true };
        throw err;
      }
    },
    onSuccess: (outcome, { label = entryLabel }) => {
      if (outcome.saved) return succeed(messages.created, outcome.saved);
      toast({
        title: "Kept on this device",
        description: `No connection right now. The ${label} is kept on this device and will be sent when the connection is back.`,
      });
    },
    onError: (err) => fail(messages.createFailed, err),
  });
  const update = useMutation({
    mutationFn: ({ id, input }: { id: string; input: Partial<Input> }) => api.update(id, input),
    onSuccess: (saved) => succeed(messages.updated, saved),
    onError: (err) => fail(messages.updateFailed, err),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.remove(id),
    onSuccess: () => succeed(messages.deleted),
    onError: (err) => fail(messages.deleteFailed, err),
  });

  return { create, createEntry, update, remove };
}
