// Builds the app (client and server) when the build is missing or older than its sources.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const outputs = [
  "dist/server/main.js",
  "dist/server/backup.js",
  "dist/server/restore.js",
  "dist/client/index.html",
];
const inputs = ["src", "drizzle", "package-lock.json", "vite.config.ts"];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

export function buildIfStale() {
  const built = Math.min(...outputs.map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)));
  if (built === 0 || Math.max(...inputs.map(newest)) > built) {
    console.log("Building the app...");
    execSync("npm run build", { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  }
}
