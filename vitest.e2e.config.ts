import { defineConfig } from "vitest/config";

/** Browser tests: the built app in headless Chromium (see tests/e2e/global-setup.ts). */
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    globalSetup: ["tests/e2e/global-setup.ts"],
    pool: "forks",
    // Three files at a time on two cores: a browser test waits more than it computes (a page's
    // answer, a poll, a service worker), so a third file fills those waits. Measured on the quiet
    // 2-core machine with one Chromium per worker (2026-11-29): 417 s with two, 376 s with three,
    // all 202 passing in both.
    maxWorkers: 3,
    fileParallelism: true,
    // The files share nothing but the server, so a worker keeps its modules (playwright-core
    // is large) from one file to the next instead of importing them again.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // What a page shows after a push, a service worker's message or a render: 5 s rather than
    // vitest's 1 s, which a run beside the image build missed (a replaced notification).
    expect: { poll: { timeout: 5000 } },
  },
});
