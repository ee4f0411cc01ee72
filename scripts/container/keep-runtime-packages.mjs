// Leaves in node_modules only what the built server loads from there: the packages it does not
// bundle (scripts/server-packages.mjs) and, at the versions package-lock.json installed, everything
// they depend on, found as Node.js finds it (the nearest node_modules folder upwards). Run in the
// image's build stage after `npm ci` and `npm run build`, from the app's folder. Every other
// package, development ones included, is removed, and with them most of the production install:
// the rest is in the server bundle.
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { RUNTIME_PACKAGES } from "../server-packages.mjs";

const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
const packages = lock.packages;

/** Where `name` resolves from the package installed at `from` (a lock path, "" for the app). */
function resolveFrom(from, name) {
  let dir = from;
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ""}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!dir) return undefined;
    const parent = dir.lastIndexOf("/node_modules/");
    dir = parent === -1 ? "" : dir.slice(0, parent);
  }
}

const keep = new Set();
const queue = Object.keys(RUNTIME_PACKAGES).map((name) => {
  const path = resolveFrom("", name);
  if (!path) throw new Error(`${name} is not in package-lock.json`);
  return path;
});
while (queue.length > 0) {
  const path = queue.pop();
  if (keep.has(path)) continue;
  keep.add(path);
  const entry = packages[path];
  const optional = new Set([
    ...Object.keys(entry.optionalDependencies ?? {}),
    ...Object.keys(entry.peerDependencies ?? {}),
  ]);
  const wanted = {
    ...entry.dependencies,
    ...entry.optionalDependencies,
    ...entry.peerDependencies,
  };
  for (const name of Object.keys(wanted)) {
    const found = resolveFrom(path, name);
    if (found) queue.push(found);
    else if (!optional.has(name)) throw new Error(`${path} needs ${name}, which package-lock.json lacks`);
  }
}

// Everything else in node_modules goes: other packages, nested ones included, and npm's and the
// build tools' own files (.bin, .package-lock.json, caches).
let removed = 0;
function prune(folder) {
  for (const name of readdirSync(folder)) {
    const names = name.startsWith("@") ? readdirSync(`${folder}/${name}`).map((n) => `${name}/${n}`) : [name];
    for (const entry of names) {
      const path = `${folder}/${entry}`;
      if (!keep.has(path)) {
        rmSync(path, { recursive: true, force: true });
        removed += 1;
      } else if (existsSync(`${path}/node_modules`)) prune(`${path}/node_modules`);
    }
    if (name.startsWith("@") && readdirSync(`${folder}/${name}`).length === 0)
      rmSync(`${folder}/${name}`, { recursive: true });
  }
}
prune("node_modules");

// Large files of the kept packages that nothing loads. The PDF exports print with two of DejaVu's
// 22 fonts, the ones src/server/modules/exports/formats/pdf.ts resolves (11 MB of fonts otherwise);
// pdfkit's package carries the Yarn release its authors build with (3.7 MB).
const dejaVu = "node_modules/dejavu-fonts-ttf";
const dejaVuKept = new Set(["package.json", "LICENSE", "ttf/DejaVuSans.ttf", "ttf/DejaVuSans-Bold.ttf"]);
for (const file of readdirSync(dejaVu, { recursive: true })) {
  const path = `${dejaVu}/${file}`;
  if (
    existsSync(path) &&
    !dejaVuKept.has(file) &&
    ![...dejaVuKept].some((kept) => kept.startsWith(`${file}/`))
  ) {
    rmSync(path, { recursive: true });
  }
}
for (const file of dejaVuKept) {
  if (!existsSync(`${dejaVu}/${file}`)) throw new Error(`${dejaVu}/${file} is missing`);
}
rmSync("node_modules/pdfkit/.yarn", { recursive: true, force: true });
rmSync("node_modules/pdfkit/.yarnrc.yml", { force: true });

const installed = [...keep].filter((path) => existsSync(path));
console.log(`kept ${installed.length} packages for the server, removed ${removed} entries of node_modules:`);
console.log(
  installed
    .map((path) => path.slice("node_modules/".length))
    .sort()
    .join(" "),
);
