import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The one-page map (docs/ARCHITECTURE.md) stays true: every path it names exists, every
 * identifier it names is defined or used in the source, and it stays one page.
 */
const DOC = "docs/ARCHITECTURE.md";
const text = readFileSync(DOC, "utf8");
const quoted = [...text.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!);

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (/\.(ts|tsx|mjs)$/.test(name)) out.push(path);
  }
  return out;
}

/** A path as the document writes it: `src/server/lib/`, `app.ts`, `src/x.ts:12`. */
const isPath = (token: string) => /^[\w.@-]+\/|^[\w.-]+\.(ts|tsx|md|json|mjs|sql|css)$/.test(token);
const isIdentifier = (token: string) =>
  /^[A-Za-z_$][\w$]*(\(\))?$/.test(token) && /[A-Z_]|[a-z][A-Z]/.test(token);

describe("the architecture document", () => {
  it("is one page: at most 150 lines", () => {
    expect(text.split("\n").length).toBeLessThanOrEqual(150);
  });

  it("names only paths that exist", () => {
    const files = sourceFiles("src").concat(sourceFiles("scripts"), sourceFiles("tests"));
    const missing = quoted
      .filter((token) => isPath(token) && !/[<*{]/.test(token) && !token.includes(" "))
      .map((token) => token.replace(/:\d+(-\d+)?$/, ""))
      .filter((path) => {
        if (existsSync(path) || existsSync(join("src", path))) return false;
        // A file named by itself (`app.ts`) is found wherever it is.
        return !path.includes("/") ? !files.some((file) => file.endsWith(`/${path}`)) : true;
      });
    expect(missing, "named in the document, not found").toEqual([]);
  });

  it("names only identifiers the source has", () => {
    const source = sourceFiles("src")
      .map((file) => readFileSync(file, "utf8"))
      .join("\n");
    const missing = quoted
      .filter(isIdentifier)
      .map((token) => token.replace(/\(\)$/, ""))
      .filter((name) => !new RegExp(`\\b${name.replace(/\$/g, "\\$")}\\b`).test(source));
    expect(missing, "named in the document, not found").toEqual([]);
  });
});
