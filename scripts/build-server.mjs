// Bundles the server (src/server/main.ts and the domain code it imports) into dist/server/main.js,
// and the commands beside it: dist/server/backup.js and restore.js (`npm run backup`, `npm run
// restore`; in the container, where there is no npm, `node /app/dist/server/backup.js`).
// Packages stay in node_modules; only our own code is bundled.
import { build } from "esbuild";

await build({
  entryPoints: ["src/server/main.ts", "src/server/backup.ts", "src/server/restore.ts"],
  outdir: "dist/server",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
console.log("built dist/server/main.js, backup.js and restore.js");
