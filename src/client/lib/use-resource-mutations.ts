import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/client/components/ui/use-toast";
import { errorMessage, errorStatus } from "./api";
import type { ListParams, ResourceApi } from "./create-resource-api";
import { isSessionEndedError } from "./session-expiry";

/** The spec's toast texts of one resource (section 8). */
export interface ResourceMessages {
  created: string;
  createFailed: string;
  updated?: string;
  updateFailed?: string;
  deleted: string;
  deleteFailed: string;
}

export interface ResourceMutationOptions {
  messages: ResourceMessages;
  /** Other queries a change affects, e.g. `[['dashboard', 'stats']]`; `[[]]` (every query) for a child. */
  alsoInvalidate?: readonly QueryKey[];
  /** Title of failure toasts; by default the failure text is the title and the server's reason the text. */
  failureTitle?: string;
  /** Title of success toasts (spec: 'Success'). */
  successTitle?: string;
}

/**
 * Create, update and delete of one resource with the spec's toasts, reloading its lists (and
 * `alsoInvalidate`) after every success. Use `mutateAsync` with `RecordDialog`/`ConfirmDeleteDialog`.
 */
export function useResourceMutations<T, Input, Params extends ListParams>(
  api: ResourceApi<T, Input, Params>,
  { messages, alsoInvalidate = [], failureTitle, successTitle = "Success" }: ResourceMutationOptions,
) {
  const queryClient = useQueryClient();

  const succeed = async (description: string | undefined) => {
    if (description) toast({ title: successTitle, description });
    const keys = [api.key, ...alsoInvalidate];
    // The empty key already reaches every query; invalidating others too would fetch them twice.
    const queryKeys = keys.some((key) => key.length === 0) ? [[]] : keys;
    await Promise.all(queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  };
  const fail = (failure: string | undefined, err: unknown) => {
    // The session ended: the "Your session has ended" dialog is the message (see query-client.ts).
    if (isSessionEndedError(err)) return;
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
    onSuccess: () => succeed(messages.created),
    onError: (err) => fail(messages.createFailed, err),
  });
  const update = useMutation({
    mutationFn: ({ id, input }: { id: string; input: Partial<Input> }) => api.update(id, input),
    onSuccess: () => succeed(messages.updated),
    onError: (err) => fail(messages.updateFailed, err),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.remove(id),
    onSuccess: () => succeed(messages.deleted),
    onError: (err) => fail(messages.deleteFailed, err),
  });

  return { create, update, remove };
}
