import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { getJson, getPage, requestJson } from "@/client/lib/api";
import { SAVE_TIMEOUT_MS } from "@/client/lib/pending-saves";

/** Query parameters of a list call, such as `{ childId }`; undefined values are left out. */
export type ListParams = Record<string, string | undefined>;

export interface ResourceApiOptions {
  /** How the server updates a record of this resource (spec section 7): PATCH by default. */
  updateMethod?: "PATCH" | "PUT";
  /** The server sends the list in pages (a Link header to the next): screens load more as needed. */
  paged?: boolean;
}

export interface ResourceApi<T, Input, Params extends ListParams = ListParams> {
  basePath: string;
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
   * With an `idempotencyKey` (one per typed entry), the create may be sent again safely, and a
   * dead connection is given up on after `SAVE_TIMEOUT_MS` (a `ConnectionError`).
   */
  create(input: Input, options?: { idempotencyKey?: string }): Promise<T>;
  update(id: string, input: Partial<Input>): Promise<T>;
  remove(id: string): Promise<void>;
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
    key: rootKey,
    listKey,
    listOptions: (params?: Params) =>
      listQueryOptions<T, Params>(listKey(params), withQuery(basePath, params)),
    paged: options.paged ?? false,
    pageOptions: (params?: Params) => pageQueryOptions<T, Params>(key, params, withQuery(basePath, params)),
    create: (input, options) =>
      requestJson<T>(
        "POST",
        basePath,
        input,
        options?.idempotencyKey
          ? { headers: { "Idempotency-Key": options.idempotencyKey }, timeoutMs: SAVE_TIMEOUT_MS }
          : undefined,
      ),
    update: (id, input) => requestJson<T>(updateMethod, recordPath(id), input),
    remove: async (id) => {
      await requestJson<void>("DELETE", recordPath(id));
    },
  };
}
