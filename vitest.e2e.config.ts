import { defineConfig } from "vitest/config";

/** Browser tests: the built app in headless Chromium (see tests/e2e/global-setup.ts). */
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    globalSetup: ["tests/e2e/global-setup.ts"],
    pool: "forks",
    maxWorkers: 2,
    fileParallelism: true,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
