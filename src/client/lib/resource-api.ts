import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { getJson, getPage, requestJson, SAVE_TIMEOUT_MS } from "@/client/lib/api";
import { uuidv7 } from "@/client/lib/pending-saves";

/** Query parameters of a list call, such as `{ childId }`; undefined values are left out. */
export type ListParams = Record<string, string | undefined>;

export interface ResourceApiOptions {
  /** How the server updates a record of this resource (spec section 7): PATCH by default. */
  updateMethod?: "PATCH" | "PUT";
  /** The server sends the list in pages (a Link header to the next): screens load more as needed. */
  paged?: boolean;
  /**
   * The address of the screen that lists a record of this type and opens its edit form
   * (`?edit=<id>` added), for an entry waiting on this device: the page it was saved on by
   * default; undefined where no screen edits it by its address.
   */
  screenOf?: (input: Record<string, unknown>) => string | undefined;
}

export interface ResourceApi<T, Input, Params extends ListParams = ListParams> {
  basePath: string;
  /** How the server takes an edit: PATCH (a partial body) or PUT (the whole one). */
  updateMethod: "PATCH" | "PUT";
  screenOf?: ResourceApiOptions["screenOf"];
  /** The prefix every query of this resource shares: invalidating it reloads every list variant. */
  key: readonly [string];
  /** `[key]` without parameters, `[key, params]` with them (e.g. `['tpn', { childId }]`). */
  listKey(params?: Params): readonly [string] | readonly [string, Params];
  /** Options for `useQuery` that load the list; spread them and add `enabled` where needed. */
  listOptions(params?: Params): ReturnType<typeof listQueryOptions<T, Params>>;
  /** Whether the list comes in pages; `pageOptions` then loads it page by page (`useInfiniteQuery`). */
  paged: boolean;
  pageOptions(params?: Params): ReturnType<typeof pageQueryOptions<T, Params>>;
  /**
   * Creates the record under an id made on this device (`id`, or a new UUIDv7), sent also as the
   * Idempotency-Key: sent again, it makes one record. With an `id` of its own (a typed entry's), a
   * dead connection is given up on after `SAVE_TIMEOUT_MS` (a `ConnectionError`).
   */
  create(input: Input, options?: { id?: string }): Promise<T>;
  /** With `timeoutMs`, a dead connection is given up on after that long (a `ConnectionError`). */
  update(id: string, input: Partial<Input>, options?: { timeoutMs?: number }): Promise<T>;
  remove(id: string, options?: { timeoutMs?: number }): Promise<void>;
}

/**
 * A record screen's list parameters with its child, or none at all (the list's key is then
 * `[key]`): what the screen asks for, and what is fetched ahead for reading offline
 * (`app/offline-prefetch.ts`), so both name the same answer.
 */
export function listParamsWithChild(
  params: ListParams | undefined,
  childId: string | null,
): ListParams | undefined {
  const merged = { ...params, ...(childId ? { childId } : {}) };
  return Object.keys(merged).length ? merged : undefined;
}

function withQuery(path: string, params?: ListParams): string {
  const entries = Object.entries(params ?? {}).filter((e): e is [string, string] => e[1] !== undefined);
  return entries.length ? `${path}?${new URLSearchParams(entries).toString()}` : path;
}

function listQueryOptions<T, Params extends ListParams>(
  queryKey: readonly [string] | readonly [string, Params],
  url: string,
) {
  return queryOptions({ queryKey, queryFn: () => getJson<T[]>(url) });
}

function pageQueryOptions<T, Params extends ListParams>(
  key: string,
  params: Params | undefined,
  url: string,
) {
  return infiniteQueryOptions({
    // Under the resource's key, so every change to it reloads the pages too.
    queryKey: [key, "pages", params ?? {}] as const,
    queryFn: ({ pageParam }) => getPage<T>(pageParam ?? url),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

/**
 * The client half of the server's owned-CRUD helper: list/create/update/delete of one record
 * type under `basePath`, with query keys that mutations invalidate.
 *
 * @example
 * const careTeamApi = createResourceApi<CareTeamMember, CareTeamInput>("/api/care-team", "care-team");
 * const tpnApi = createResourceApi<TpnEntry, TpnInput, { childId?: string }>("/api/tpn", "tpn", { updateMethod: "PUT" });
 * useQuery({ ...tpnApi.listOptions({ childId }), enabled: Boolean(childId) });
 */
export function createResourceApi<T, Input, Params extends ListParams = ListParams>(
  basePath: string,
  key: string,
  options: ResourceApiOptions = {},
): ResourceApi<T, Input, Params> {
  const updateMethod = options.updateMethod ?? "PATCH";
  const rootKey = [key] as const;
  const recordPath = (id: string) => `${basePath}/${encodeURIComponent(id)}`;
  const listKey = (params?: Params) => (params ? ([key, params] as const) : rootKey);

  return {
    basePath,
    updateMethod,
    screenOf: options.screenOf,
    key: rootKey,
    listKey,
    listOptions: (params?: Params) =>
      listQueryOptions<T, Params>(listKey(params), withQuery(basePath, params)),
    paged: options.paged ?? false,
    pageOptions: (params?: Params) => pageQueryOptions<T, Params>(key, params, withQuery(basePath, params)),
    create: (input, options) => {
      const id = options?.id ?? uuidv7();
      return requestJson<T>(
        "POST",
        basePath,
        { ...input, id },
        {
          headers: { "Idempotency-Key": id },
          ...(options?.id ? { timeoutMs: SAVE_TIMEOUT_MS } : {}),
        },
      );
    },
    update: (id, input, options) => requestJson<T>(updateMethod, recordPath(id), input, options),
    remove: async (id, options) => {
      await requestJson<void>("DELETE", recordPath(id), undefined, options);
    },
  };
}
