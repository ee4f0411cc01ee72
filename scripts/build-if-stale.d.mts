/** Builds the app (client and server) when the build is missing or older than its sources. */
export function buildIfStale(): void;
