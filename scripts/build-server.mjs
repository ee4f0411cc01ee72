// Bundles the server (src/server/main.ts and the domain code it imports) into dist/server/main.js,
// and the commands beside it: dist/server/backup.js and restore.js (`npm run backup`, `npm run
// restore`; in the container, where there is no npm, `node /app/dist/server/backup.js`).
// The packages are bundled too, but for the few that read files of their own at run time
// (scripts/server-packages.mjs): those stay in node_modules, and the container image ships only
// them, not the whole production install. The code the three commands share is in chunk-*.js files
// beside them, loaded once.
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { build } from "esbuild";
import { ABSENT_OPTIONAL_PACKAGES, RUNTIME_PACKAGES } from "./server-packages.mjs";

// The chunks are named by their content: an earlier build's would stay beside the new ones.
rmSync("dist/server", { recursive: true, force: true });
const { metafile } = await build({
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
  metafile: true,
  logLevel: "warning",
});

// `keepNames` wraps every named function in `__name(fn, "name")`, also the ones made on every
// request (Fastify's hook runners make three per run, node-postgres a few per query), and setting
// a function's name cost about a microsecond each on this machine, where making the function cost
// a twentieth of that. Most of them already have that name: the helper now leaves those as they are.
const NAME_HELPER =
  'var __name = (target, value) => __defProp(target, "name", { value, configurable: true });';
const CHEAP_NAME_HELPER =
  'var __name = (target, value) => target.name === value ? target : __defProp(target, "name", { value, configurable: true });';
let helpers = 0;
for (const file of readdirSync("dist/server").filter((name) => name.endsWith(".js"))) {
  const path = `dist/server/${file}`;
  const code = readFileSync(path, "utf8");
  if (!code.includes(NAME_HELPER)) continue;
  writeFileSync(path, code.replace(NAME_HELPER, CHEAP_NAME_HELPER));
  helpers += 1;
}
if (helpers === 0) throw new Error("esbuild's __name helper was not found: see build-server.mjs");

// The licences of the bundled packages ask for their text to go with their code: it goes beside
// the bundle, one package after another (the packages left out keep their own files).
const LICENCE_FILE = /^(licen[cs]e|copying|notice)/i;
const bundled = new Map();
for (const input of Object.keys(metafile.inputs)) {
  const root = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1];
  if (!root) continue;
  const { name, version, license, licenses } = JSON.parse(readFileSync(`${root}/package.json`, "utf8"));
  const named = license ?? licenses;
  bundled.set(`${name}@${version}`, {
    root,
    licence:
      named === undefined ? "no licence named" : typeof named === "string" ? named : JSON.stringify(named),
  });
}
const notices = [...bundled]
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([id, { root, licence }]) => {
    const files = readdirSync(root).filter((file) => LICENCE_FILE.test(file));
    const texts = files.map((file) => readFileSync(`${root}/${file}`, "utf8").trim());
    const text = texts.length > 0 ? texts.join("\n\n") : "(The package has no licence file.)";
    return `==== ${id} (${licence}) ====\n\n${text}\n`;
  });
writeFileSync(
  "dist/server/third-party-licenses.txt",
  `The packages bundled into main.js, backup.js, restore.js and the chunks beside them, and their licences.\n\n${notices.join("\n")}`,
);
console.log(`built dist/server/main.js, backup.js and restore.js, with ${bundled.size} packages`);
