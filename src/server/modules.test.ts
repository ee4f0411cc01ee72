import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MODULES } from "./app";

const MODULES_DIR = join(import.meta.dirname, "modules");

describe("modules", () => {
  it("are each registered once, by the descriptor their folder exports", () => {
    const folders = readdirSync(MODULES_DIR, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    for (const folder of folders) {
      expect(existsSync(join(MODULES_DIR, folder, `${folder}.module.ts`)), folder).toBe(true);
    }
    // A module may sit inside another's folder (the reminders, inside the care tasks'): its own
    // descriptor file names it.
    const nested = readdirSync(MODULES_DIR, { recursive: true })
      .map(String)
      .filter((path) => path.split("/").length > 2 && path.endsWith(".module.ts"))
      .map((path) => path.split("/").at(-1)!.replace(".module.ts", ""));
    expect(MODULES.map((module) => module.name).sort()).toEqual([...folders, ...nested].sort());
  });
});
