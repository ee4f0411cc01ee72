/**
 * The signed-in person's answers kept on this device (IndexedDB), so the dashboard, the lists, the
 * care summary and the fever card's numbers read without a connection. One set per person and
 * family, restored into the query client when their screens start and saved again (at most once a
 * second) as answers change. Loaded after the first screen (a chunk of its own), never by the
 * landing page. What is kept, and for how long: `offline-answers.ts`.
 */
import { createAsyncStoragePersister } from "@tanstack/query-async-storage-persister";
import type { QueryClient } from "@tanstack/react-query";
import { persistQueryClientRestore, persistQueryClientSave } from "@tanstack/react-query-persist-client";
import { del, delMany, get, keys, promisifyRequest, set, type UseStore } from "idb-keyval";
import { type AuthUser, authQueryKey } from "./auth";
import { keptOffline, OFFLINE_MAX_AGE_MS, offlineBuster } from "./offline-answers";

/** The database this device keeps the answers in; signing out deletes it. */
export const OFFLINE_DATABASE = "mct-offline";
const STORE_NAME = "answers";

/** Changes saved together: a screen's answers arrive within a moment of each other. */
const SAVE_AFTER_MS = 1000;

const APP_VERSION: string = import.meta.env.VITE_APP_VERSION ?? "dev";

let database: Promise<IDBDatabase> | null = null;
/** Set by signing out: a save still on its way must not make the database again. */
let forgotten = false;

/**
 * The store, opened once. A connection gives way when another tab deletes the database (signing
 * out there), instead of holding the deletion back.
 */
const store: UseStore = (mode, callback) => {
  if (forgotten) return Promise.reject(new Error("Signed out: nothing is kept on this device."));
  database ??= (() => {
    const request = indexedDB.open(OFFLINE_DATABASE);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE_NAME);
    return promisifyRequest(request).then((db) => {
      db.onversionchange = () => {
        db.close();
        database = null;
      };
      return db;
    });
  })();
  return database.then((db) => callback(db.transaction(STORE_NAME, mode).objectStore(STORE_NAME)));
};

const storage = {
  getItem: (key: string) => get<string>(key, store),
  setItem: (key: string, value: string) => set(key, value, store),
  removeItem: (key: string) => del(key, store),
};

const PREFIX = "answers:";
const keyOf = (user: AuthUser) => `${PREFIX}${user.id}:${user.familyId}`;

/** Another person's answers left on this device (a shared tablet): never restored, and dropped. */
async function forgetOtherPeople(user: AuthUser): Promise<void> {
  const mine = `${PREFIX}${user.id}:`;
  const others = (await keys(store)).filter(
    (key) => typeof key === "string" && key.startsWith(PREFIX) && !key.startsWith(mine),
  );
  if (others.length) await delMany(others, store);
}

export interface KeptAnswers {
  /** Settles once the kept answers are in the query client (or there were none to restore). */
  restored: Promise<void>;
  /** Stops saving (the person or the family changed). */
  stop(): void;
}

let current: KeptAnswers | null = null;

/**
 * Restores `user`'s answers in their family kept on this device, then keeps saving the answers as
 * they change, while `user` in that family is the one signed in. Restored answers are stale: a
 * screen that shows one asks the server again (and keeps it, if there is no connection).
 */
export function keepAnswersOffline(queryClient: QueryClient, user: AuthUser): KeptAnswers {
  current?.stop();
  const persister = createAsyncStoragePersister({ storage, key: keyOf(user), throttleTime: SAVE_AFTER_MS });
  const buster = offlineBuster(APP_VERSION);
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let unsubscribe = () => {};

  /** Saves only while this person in this family is signed in: never another family's answers under theirs. */
  const stillTheirs = () => {
    const signedIn = queryClient.getQueryData<AuthUser | null>(authQueryKey);
    return !stopped && signedIn?.id === user.id && signedIn.familyId === user.familyId;
  };
  const save = () => {
    timer = undefined;
    if (!stillTheirs()) return;
    void persistQueryClientSave({
      queryClient,
      persister,
      buster,
      dehydrateOptions: {
        shouldDehydrateQuery: (query) => keptOffline(query.queryKey, query.state, Date.now()),
        shouldDehydrateMutation: () => false,
      },
    }).catch(() => {});
  };
  const saveSoon = () => {
    timer ??= setTimeout(save, SAVE_AFTER_MS);
  };
  // A phone puts a page away without warning: what waits to be saved is saved as it goes.
  const saveNow = () => {
    if (timer === undefined || document.visibilityState !== "hidden") return;
    clearTimeout(timer);
    save();
  };

  // The connection is back: what is shown and stale is asked again (the query client does so only
  // when it saw the connection go, which an app opened offline never did), and who is signed in:
  // the app may have started from the device's answer, and the session may have ended since.
  const askAgain = () => {
    void queryClient.invalidateQueries({ queryKey: authQueryKey });
    queryClient.getQueryCache().onOnline();
  };

  const startedAt = performance.timeOrigin;
  const restored = (async () => {
    await forgetOtherPeople(user);
    await persistQueryClientRestore({ queryClient, persister, buster, maxAge: OFFLINE_MAX_AGE_MS });
    // Every answer older than this visit came from the device: asked again when shown.
    await queryClient.invalidateQueries(
      { predicate: (query) => query.state.dataUpdatedAt > 0 && query.state.dataUpdatedAt < startedAt },
      { cancelRefetch: false },
    );
  })()
    .catch(() => {})
    .finally(() => {
      if (stopped) return;
      const cache = queryClient.getQueryCache().subscribe((event) => {
        if (event.type === "added" || event.type === "removed" || event.type === "updated") saveSoon();
      });
      document.addEventListener("visibilitychange", saveNow);
      window.addEventListener("online", askAgain);
      unsubscribe = () => {
        cache();
        document.removeEventListener("visibilitychange", saveNow);
        window.removeEventListener("online", askAgain);
      };
      saveSoon();
    });

  const kept: KeptAnswers = {
    restored,
    stop: () => {
      stopped = true;
      clearTimeout(timer);
      unsubscribe();
      if (current === kept) current = null;
    },
  };
  current = kept;
  return kept;
}

/**
 * Forgets everything this device keeps for reading offline: the answers in memory and the
 * database itself (signing out, just before the page leaves). Resolves once the database is gone,
 * or after a few seconds if another tab holds it open.
 */
export async function forgetAnswersKeptOffline(queryClient: QueryClient): Promise<void> {
  current?.stop();
  forgotten = true;
  // Who is signed in stays until the page leaves (the landing page would flash in between).
  const notWhoIsSignedIn = {
    predicate: (query: { queryKey: readonly unknown[] }) => query.queryKey[0] !== "auth",
  };
  await queryClient.cancelQueries(notWhoIsSignedIn);
  queryClient.removeQueries(notWhoIsSignedIn);
  const db = await database?.catch(() => null);
  db?.close();
  database = null;
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(OFFLINE_DATABASE);
    request.onsuccess = request.onerror = () => resolve();
    setTimeout(resolve, 3000);
  });
}
