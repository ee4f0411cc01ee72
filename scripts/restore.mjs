// `npm run restore -- <archive> [--replace]`: a backup restored into an empty installation
// (src/server/restore.ts), from the build (made first when it is missing or older than the source).
import { buildIfStale } from "./build-if-stale.mjs";

buildIfStale();
await import("../dist/server/restore.js");
