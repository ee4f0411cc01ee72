// Records in package-lock.json the platform-specific optional packages (other operating systems'
// builds of Biome, Tailwind's engine...) that the package registry reachable from this build
// machine does not serve. Without an entry for each, `npm ci` refuses the lock file as out of
// sync. Each entry carries its os/cpu/libc, so npm skips it on every other platform and fetches it
// (from the public registry) only on the platform it is for.
// Run after `npm install` changes the lock file: node scripts/lock-platform-packages.mjs
import { readFileSync, writeFileSync } from "node:fs";

const OS = { android: "android", darwin: "darwin", linux: "linux", win32: "win32", freebsd: "freebsd" };
const CPU = { arm64: "arm64", x64: "x64", arm: "arm", ia32: "ia32", wasm32: "wasm32" };

function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const entry = {};
  const os = parts.find((p) => p in OS);
  const cpu = parts.find((p) => p in CPU);
  if (os) entry.os = [OS[os]];
  if (cpu) entry.cpu = [CPU[cpu]];
  if (parts.includes("musl")) entry.libc = ["musl"];
  else if (os === "linux" && parts.some((p) => p.startsWith("gnu"))) entry.libc = ["glibc"];
  return entry.cpu || entry.os ? entry : undefined;
}

const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
let added = 0;
for (const [path, pkg] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const depPath = `node_modules/${dep}`;
    if (lock.packages[depPath]) continue;
    const platform = platformOf(dep);
    if (!platform) continue;
    lock.packages[depPath] = { version, ...(pkg.dev ? { dev: true } : {}), optional: true, ...platform };
    added += 1;
  }
  void path;
}
const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
writeFileSync("package-lock.json", `${JSON.stringify(lock, null, 2)}\n`);
console.log(`recorded ${added} platform package(s)`);
