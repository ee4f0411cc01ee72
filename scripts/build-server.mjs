// Bundles the server (src/server/main.ts and the domain code it imports) into dist/server/main.js.
// Packages stay in node_modules; only our own code is bundled.
import { build } from "esbuild";

await build({
  entryPoints: ["src/server/main.ts"],
  outfile: "dist/server/main.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
console.log("built dist/server/main.js");
