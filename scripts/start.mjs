// `npm start`: builds the app when the build is missing or older than the source, then serves it
// in this process (so signals reach the server directly).
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const outputs = ["dist/server/main.js", "dist/client/index.html"];
const inputs = ["src", "drizzle", "package-lock.json", "vite.config.ts", "index.html"];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const built = Math.min(...outputs.map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)));
if (built === 0 || Math.max(...inputs.map(newest)) > built) {
  console.log("Building the app...");
  execSync("npm run build", { stdio: "inherit" });
}
await import("../dist/server/main.js");
