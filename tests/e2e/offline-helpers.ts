import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { expect } from "vitest";

/* What the offline browser tests share: what the device keeps, and a connection cut as a phone
   without signal has it, the app served as its service worker would serve it. */

/** The database this device keeps the answers in (lib/offline-cache.ts). */
const DATABASE = "mct-offline";

/** What the device keeps: each set's key ("answers:<person>:<family>") and the answers' keys in it. */
export function keptAnswers(page: Page): Promise<{ key: string; queries: string[] }[]> {
  return page.evaluate(async (name) => {
    if (!(await indexedDB.databases()).some((db) => db.name === name)) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      const store = db.transaction("answers").objectStore("answers");
      const read = <T>(request: IDBRequest<T>) =>
        new Promise<T>((resolve, reject) => {
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
      const keys = (await read(store.getAllKeys())) as string[];
      const values = (await read(store.getAll())) as string[];
      return keys.map((key, i) => ({
        key,
        queries:
          (
            JSON.parse(values[i] ?? "{}") as { clientState?: { queries?: { queryHash: string }[] } }
          ).clientState?.queries?.map((q) => q.queryHash) ?? [],
      }));
    } finally {
      db.close();
    }
  }, DATABASE);
}

/** Waits until the device keeps answers whose keys start with each of `prefixes` (fetched ahead in the background). */
export async function waitUntilKept(page: Page, prefixes: string[]) {
  await expect
    .poll(
      async () => {
        const kept = (await keptAnswers(page)).flatMap((set) => set.queries);
        return prefixes.filter((prefix) => !kept.some((hash) => hash.startsWith(prefix)));
      },
      { timeout: 50_000, interval: 500 },
    )
    .toEqual([]);
}

/** The built app's files, as a service worker keeps them on the device. */
const CLIENT_DIR = fileURLToPath(new URL("../../dist/client/", import.meta.url));

/**
 * No connection: the browser says so and no API request gets through (the emulation lets the
 * loopback address through, so the test cuts them itself). The page and its files still load, as
 * a service worker would give them (routing turns the browser's cache off): the files from the
 * build, and the page as the server sent it before, less who is signed in (a kept page is the same
 * for everyone), so the app has to start from what the device kept.
 */
export async function cutConnection(page: Page) {
  const sent = await (await page.request.get("/")).text();
  const shell = sent.replace(/<script[^>]*id="signed-in-user"[^>]*>[\s\S]*?<\/script>/, "");
  expect(shell).not.toContain('id="signed-in-user"');
  await page.context().setOffline(true);
  await page.route("**/*", (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname.startsWith("/api/")) return route.abort("internetdisconnected");
    if (/\.[a-z0-9]+$/i.test(pathname)) return route.fulfill({ path: join(CLIENT_DIR, pathname) });
    return route.fulfill({ contentType: "text/html; charset=utf-8", body: shell });
  });
}

export async function restoreConnection(page: Page) {
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await page.context().setOffline(false);
}
