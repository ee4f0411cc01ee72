/**
 * `npm run lighthouse`: Lighthouse (mobile preset: a mid-range phone on a slow 4G connection,
 * simulated) on the built app's landing page and on the signed-in dashboard of a demo family,
 * with the system Chromium: a first visit (the browser's storage cleared, as Lighthouse does by
 * default: the service worker registers after the page shows), and the dashboard again as a
 * returning visit, the service worker installed and serving the app (storage kept). Each page is
 * measured `--runs` times (default 3) and the run with the median performance score is reported,
 * as Lighthouse advises for its run-to-run variance.
 *   npm run lighthouse [-- --runs 5] [-- --write] [-- --only dashboard]
 *   npm run lighthouse -- --report /tmp/lighthouse   (also writes each run's full report and trace, as JSON)
 * CHROME_PATH picks the browser (default: chromium on the PATH). `--write` puts the table in
 * docs/performance.md between the lighthouse markers.
 */
import { execFileSync, execSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { sessionCookieOf } from "./api-client";
import { buildIfStale } from "./build-if-stale.mjs";
import { startBuiltApp } from "./served-app";

const argument = (name: string, fallback: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 && process.argv[at + 1] ? process.argv[at + 1]! : fallback;
};

interface Measured {
  page: string;
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  transfer: number;
  /**
   * Lighthouse's measure of this machine's processor (`environment.benchmarkIndex`). The mobile
   * preset slows the processor four times whatever the machine, so a score is comparable only
   * between runs on machines of a similar index: about 1000 is the mid-tier phone (a Pixel 5) of
   * Chrome DevTools' CPU calibration (`CalibrationController.ts`, `midScore`), so 4× on an index
   * of 4000 simulates about that phone, and on an index of 2000 one twice as slow.
   */
  benchmark: number;
}

/** How a page is visited: for the first time, or again with the service worker serving the app. */
type Visit = "first" | "returning";

async function measure(
  page: string,
  url: string,
  port: number,
  headers: Record<string, string>,
  visit: Visit = "first",
) {
  const runs: Measured[] = [];
  for (let i = 0; i < Number(argument("--runs", "3")); i++) {
    if (visit === "returning") await installWorker(url, port, headers);
    const flags = {
      port,
      output: "json" as const,
      logLevel: "error" as const,
      onlyCategories: ["performance", "accessibility"],
      extraHeaders: headers,
      // A returning visit: the service worker and what it keeps stay (the browser's cache too).
      disableStorageReset: visit === "returning",
    };
    let result = await lighthouse(url, flags);
    // "Please run Lighthouse again" (a trace it could not read, on a busy machine): once more.
    if (result?.lhr.runtimeError) result = await lighthouse(url, flags);
    if (!result) throw new Error(`${url}: Lighthouse gave no result`);
    const { categories, audits } = result.lhr;
    const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    const run: Measured = {
      page,
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      fcp: value("first-contentful-paint"),
      lcp: value("largest-contentful-paint"),
      tbt: value("total-blocking-time"),
      cls: value("cumulative-layout-shift"),
      transfer: value("total-byte-weight"),
      benchmark: result.lhr.environment.benchmarkIndex,
    };
    if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
    if (process.argv.includes("--report")) {
      const dir = argument("--report", "/tmp/lighthouse");
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `${page.replace(/\W+/g, "-")}-${i + 1}.json`), JSON.stringify(result.lhr));
      // The run's trace too, to open in the browser's Performance panel (which task blocked, and why).
      writeFileSync(
        join(dir, `${page.replace(/\W+/g, "-")}-${i + 1}.trace.json`),
        JSON.stringify(result.artifacts.Trace),
      );
    }
    console.log(
      `${page.padEnd(24)} performance ${run.performance}  accessibility ${run.accessibility}  LCP ${(run.lcp / 1000).toFixed(1)} s  TBT ${run.tbt.toFixed(0)} ms  benchmark index ${run.benchmark.toFixed(0)}`,
    );
    runs.push(run);
  }
  const each = runs.map((run) => run.performance);
  runs.sort((a, b) => a.performance - b.performance);
  return { ...runs[Math.floor(runs.length / 2)]!, each };
}

/**
 * Opens `url` once in Lighthouse's browser, signed in by the session cookie, and waits until the
 * app's service worker serves it: installed, with every file it keeps.
 */
async function installWorker(url: string, port: number, headers: Record<string, string>) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0]!;
    const [name, value] = (headers.cookie ?? "").split("=", 2);
    if (name && value) await context.addCookies([{ name, value, url }]);
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 60_000,
    });
    await page.close();
  } finally {
    // Connected, not launched: this leaves the browser running for Lighthouse.
    await browser.close();
  }
}

function table(rows: (Measured & { each: number[] })[]) {
  const lines = [
    "| Page | Performance | Accessibility | First contentful paint | Largest contentful paint | Total blocking time | Layout shift | Bytes sent | Benchmark index |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...rows.map(
      (r) =>
        `| ${r.page} | ${r.performance}${r.each.length > 1 ? ` (${r.each.join(", ")})` : ""} | ${r.accessibility} | ${(r.fcp / 1000).toFixed(1)} s | ${(r.lcp / 1000).toFixed(1)} s | ${r.tbt.toFixed(0)} ms | ${r.cls.toFixed(3)} | ${(r.transfer / 1024).toFixed(0)} KB | ${r.benchmark.toFixed(0)} |`,
    ),
  ];
  return lines.join("\n");
}

async function main() {
  buildIfStale();
  const chromePath =
    process.env.CHROME_PATH ??
    execSync("command -v chromium || command -v chromium-browser").toString().trim();
  const dataDir = mkdtempSync(join(tmpdir(), "mct-lighthouse-"));
  const app = await startBuiltApp({ DATA_DIR: dataDir, LOG_LEVEL: "warn" });
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  try {
    const email = "lighthouse@example.org";
    execFileSync(process.execPath, ["--import", "tsx", "scripts/seed-demo-data.ts", app.base, email], {
      stdio: "ignore",
    });
    const login = await fetch(`${app.base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "demo password 2026" }),
    });
    if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
    // The session's cookie by its name: the answer sets others first (the device's).
    const cookie = sessionCookieOf(login.headers.getSetCookie());
    const signedIn = await (await fetch(`${app.base}/`, { headers: { cookie } })).text();
    if (signedIn.includes('id="signed-in-user">null<'))
      throw new Error(
        "the session cookie does not sign in: the dashboard would be measured as the landing page",
      );
    const pages: [string, Record<string, string>, Visit][] = [
      ["Landing (signed out)", {}, "first"],
      ["Dashboard (signed in)", { cookie }, "first"],
      ["Dashboard (signed in), returning, service worker", { cookie }, "returning"],
    ];
    const only = argument("--only", "");
    const rows: (Measured & { each: number[] })[] = [];
    for (const [page, headers, visit] of pages) {
      if (!only || page.toLowerCase().includes(only))
        rows.push(await measure(page, `${app.base}/`, chrome.port, headers, visit));
    }
    const text = `${table(rows)}\n\nMeasured ${new Date().toISOString().slice(0, 10)} with \`npm run lighthouse -- --write\` (Lighthouse ${lighthouseVersion()}, mobile preset, ${chromeVersion(chromePath)}, the run with the median score of ${argument("--runs", "3")}, each run's score in brackets, the built app on the embedded database, on this repository's 2-core machine; the benchmark index is Lighthouse's measure of the machine's processor, about 1000 for a mid-tier phone, which the preset's fourfold slowdown simulates on an index of about 4000).`;
    console.log(`\n${text}`);
    if (process.argv.includes("--write")) {
      const file = new URL("../docs/performance.md", import.meta.url);
      const doc = readFileSync(file, "utf8");
      const start = "<!-- lighthouse:start -->";
      const end = "<!-- lighthouse:end -->";
      if (!doc.includes(start)) throw new Error(`docs/performance.md has no ${start} marker`);
      writeFileSync(
        file,
        `${doc.slice(0, doc.indexOf(start) + start.length)}\n${text}\n${doc.slice(doc.indexOf(end))}`,
      );
    }
  } finally {
    chrome.kill();
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function lighthouseVersion() {
  return (JSON.parse(readFileSync("node_modules/lighthouse/package.json", "utf8")) as { version: string })
    .version;
}

function chromeVersion(path: string) {
  return execFileSync(path, ["--version"]).toString().trim();
}

await main();
