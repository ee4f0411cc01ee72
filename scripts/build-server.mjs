// Bundles the server (src/server/main.ts and the domain code it imports) into dist/server/main.js,
// and the commands beside it: dist/server/backup.js and restore.js (`npm run backup`, `npm run
// restore`; in the container, where there is no npm, `node /app/dist/server/backup.js`).
// The packages are bundled too, but for the few that read files of their own at run time
// (scripts/server-packages.mjs), which stay in node_modules. The code the three commands share is
// in chunk-*.js files beside them, loaded once.
import { rmSync } from "node:fs";
import { build } from "esbuild";
import { ABSENT_OPTIONAL_PACKAGES, RUNTIME_PACKAGES } from "./server-packages.mjs";

// The chunks are named by their content: an earlier build's would stay beside the new ones.
rmSync("dist/server", { recursive: true, force: true });
await build({
  entryPoints: ["src/server/main.ts", "src/server/backup.ts", "src/server/restore.ts"],
  outdir: "dist/server",
  bundle: true,
  splitting: true,
  platform: "node",
  format: "esm",
  target: "node22",
  // A package and its subpaths (drizzle-orm's import of @electric-sql/pglite too) stay imports.
  external: [...Object.keys(RUNTIME_PACKAGES), ...ABSENT_OPTIONAL_PACKAGES],
  // The CommonJS packages in an ES module: their `require` of Node.js's own modules (and of
  // pg-native) is Node's, made for each output file. The name is one no module imports.
  banner: {
    js: 'import { createRequire as __bundleCreateRequire } from "node:module"; const require = __bundleCreateRequire(import.meta.url);',
  },
  // Functions and classes keep their names where two modules' names would clash (packages that
  // read `constructor.name`, and errors as they are logged).
  keepNames: true,
  sourcemap: true,
  logLevel: "warning",
});
console.log("built dist/server/main.js, backup.js and restore.js");
