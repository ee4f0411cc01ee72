import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";

/** Every test file under `dir`, recursively. */
function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

it("keeps every test that reaches a database under src/server, which .ci/run runs again on PostgreSQL", () => {
  // The helpers that open a database, or use one that does.
  const helpers = readdirSync("tests/helpers")
    .filter((name) => /\.ts$/.test(name))
    .filter((name) =>
      /test-app|test-database|drizzle-orm/.test(readFileSync(join("tests/helpers", name), "utf8")),
    )
    .map((name) => name.replace(/\.ts$/, ""));
  const reachesDatabase = new RegExp(`helpers/(${[...helpers, "test-app", "test-database"].join("|")})"`);
  const outside = [...testFiles("src"), ...testFiles("tests")]
    .filter((file) => !file.startsWith("src/server/") && !file.startsWith("tests/e2e/"))
    .filter((file) => reachesDatabase.test(readFileSync(file, "utf8")));
  expect(outside).toEqual([]);
});
