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
    // date-fns's index loads each of its few hundred functions as a file of its own, about 1 s of
    // a worker's start; bundled once into one file (node_modules/.vite), it loads in a fraction.
    // Both libraries are plain functions and classes that the app's code alone imports.
    deps: { optimizer: { ssr: { enabled: true, include: ["date-fns", "@date-fns/tz"] } } },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    experimental: {
      // Each source file's transform is kept in node_modules/.experimental-vitest-cache, keyed by
      // its path, its content and this config: a run after the first transforms only the files that
      // changed (transforming them all took about 6 s of the suite's CPU, on the cores the tests run on).
      fsModuleCache: true,
    },
  },
});
