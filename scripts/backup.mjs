// `npm run backup`: one backup of the whole installation now (src/server/backup.ts), from the
// build (made first when it is missing or older than the source).
import { buildIfStale } from "./build-if-stale.mjs";

buildIfStale();
await import("../dist/server/backup.js");
