import { readFileSync } from "node:fs";
import { build } from "esbuild";
import { expect, it } from "vitest";

/**
 * Packages the server reads as files, not imports: the PDF export's fonts
 * (modules/exports/formats/pdf.ts resolves them by path).
 */
const READ_AS_FILES = ["dejavu-fonts-ttf"];

/** The package a bare import names: `@scope/name` or `name`. */
const packageOf = (path: string) =>
  path
    .split("/")
    .slice(0, path.startsWith("@") ? 2 : 1)
    .join("/");

it("lists every package the server imports, and only those, as a production dependency", async () => {
  // The packages the server and its commands import (scripts/build-server.mjs bundles most of
  // them; here each stays an import, to be listed).
  const { metafile } = await build({
    entryPoints: ["src/server/main.ts", "src/server/backup.ts", "src/server/restore.ts"],
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
    write: false,
    metafile: true,
    outdir: "out",
    logLevel: "silent",
  });
  const imported = new Set<string>();
  for (const input of Object.values(metafile.inputs)) {
    for (const { path, external } of input.imports) {
      if (external && !path.startsWith("node:")) imported.add(packageOf(path));
    }
  }
  const { dependencies } = JSON.parse(readFileSync("package.json", "utf8")) as {
    dependencies: Record<string, string>;
  };
  // A production install (`npm ci --omit=dev`) has what the server imports...
  expect([...imported].filter((name) => !(name in dependencies))).toEqual([]);
  // ...and nothing only the browser's bundle needs (vite builds that from devDependencies).
  expect(
    Object.keys(dependencies).filter((name) => !imported.has(name) && !READ_AS_FILES.includes(name)),
  ).toEqual([]);
});
