// `npm start`: builds the app when the build is missing or older than the source, then serves it
// in this process (so signals reach the server directly).
import { buildIfStale } from "./build-if-stale.mjs";

buildIfStale();
await import("../dist/server/main.js");
