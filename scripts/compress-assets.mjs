// Writes Brotli (.br) and gzip (.gz) copies of the built client's text files next to them, once
// at build time, so the server sends compressed files without compressing on each request
// (@fastify/static `preCompressed`).
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = new URL("../dist/client/", import.meta.url).pathname;
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt)$/;
/** Below this a compressed copy saves less than a network packet. */
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== ".vite") walk(path);
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const data = readFileSync(path);
    if (data.length < MIN_BYTES) continue;
    const br = brotliCompressSync(data, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    });
    writeFileSync(`${path}.br`, br);
    writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
    files += 1;
    before += data.length;
    after += br.length;
  }
}
walk(root);
console.log(
  `compressed ${files} files: ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB with Brotli`,
);
