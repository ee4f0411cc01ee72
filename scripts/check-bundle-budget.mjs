// `npm run check:bundle`: the JavaScript a first visit downloads, compressed as the server sends
// it (Brotli), against the budgets: the landing page 130 KB, the signed-in dashboard 174 KB.
// Reads the build's manifest (run `npm run build` first, or pass a built client folder); exits 1 when a budget is exceeded.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";

const clientDir = process.argv[2] ?? new URL("../dist/client/", import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(clientDir, ".vite/manifest.json"), "utf8"));

/** The chunks a page needs before it shows: the entry, the lazy chunks it opens, and their static imports. */
const PAGES = [
  {
    name: "landing page (signed out)",
    budgetKb: 130,
    chunks: ["index.html", "features/landing/landing-page.tsx"],
  },
  {
    name: "dashboard (signed in)",
    // 170 KB until the Tasks screen: the Radix parts the header and Tasks share became a chunk of
    // their own (the build's choice), 1.3 KB of glue more for the same code; the cards added since
    // (doses, PN, tasks, line care) load beside the first chunk and are not counted. 173 KB since
    // the reminders: one more page that opens signed out (a reminder's email link, /act/<token>)
    // puts its lazy import and preload list in the entry chunk, 0.4 KB. 174 KB since working
    // offline: starting from the device's last signed-in answer, the sign-out that asks while
    // entries wait, and the lazy imports of the service worker, the kept answers and the update
    // notice add about 1 KB to the first download; every later start then needs no network at all.
    budgetKb: 174,
    chunks: ["index.html", "app/signed-in-app.tsx", "features/dashboard/dashboard-page.tsx"],
  },
];

function closure(keys) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...files].filter((file) => file.endsWith(".js"));
}

const brotliSize = (file) =>
  brotliCompressSync(readFileSync(join(clientDir, file)), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
  }).length;

let failed = false;
for (const page of PAGES) {
  const files = closure(page.chunks);
  const kb = files.reduce((sum, file) => sum + brotliSize(file), 0) / 1024;
  const ok = kb <= page.budgetKb;
  failed ||= !ok;
  console.log(
    `${ok ? "ok  " : "OVER"} ${page.name}: ${kb.toFixed(1)} KB of JavaScript (Brotli) in ${files.length} files, budget ${page.budgetKb} KB`,
  );
}
process.exit(failed ? 1 : 0);
