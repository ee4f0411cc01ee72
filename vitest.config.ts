import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "tests/**/*.test.ts"],
    exclude: ["tests/e2e/**", "node_modules/**"],
    globalSetup: ["tests/helpers/global-database.ts"],
    pool: "forks",
    // The files share no state but what they build themselves: a worker keeps its modules (fastify,
    // drizzle, zod, PGlite's loader) from one file to the next instead of importing them again.
    isolate: false,
    // One worker per core: the tests are CPU-bound (the embedded database runs in this process).
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
