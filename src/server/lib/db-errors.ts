/** What a failure from PostgreSQL (or PGlite) says about itself, without its query or values. */
export interface DbErrorFacts {
  code: string;
  constraint?: string;
  table?: string;
  column?: string;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * Finds the database's own error behind a failure: drizzle wraps the driver's error (the SQLSTATE
 * code is on `.cause`), so the chain is walked. Returns only the code and the names of the
 * constraint, table and column: never the query, its parameters or the detail (which quotes values).
 */
export function dbErrorFacts(error: unknown): DbErrorFacts | undefined {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === "object" && depth < 5; depth++) {
    const candidate = current as Record<string, unknown>;
    if (typeof candidate.code === "string" && SQLSTATE.test(candidate.code)) {
      const name = (key: string) =>
        typeof candidate[key] === "string" ? (candidate[key] as string) : undefined;
      return {
        code: candidate.code,
        ...(name("constraint") ? { constraint: name("constraint") } : {}),
        ...(name("table") ? { table: name("table") } : {}),
        ...(name("column") ? { column: name("column") } : {}),
      };
    }
    current = candidate.cause;
  }
  return undefined;
}
