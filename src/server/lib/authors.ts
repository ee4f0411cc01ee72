import { type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../db/client";
import { users } from "../db/schema/index";

/**
 * A person's name as the screens show who did something: "First Last", else the email; null when
 * the account is gone. A correlated lookup by primary key, for answers of a few rows (the members,
 * the activity feed); a list of records gets its authors' names with `withAuthorNames`.
 */
export function personName(person: PgColumn | SQL): SQL<string | null> {
  return sql<
    string | null
  >`(select coalesce(nullif(btrim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''), ${users.email}) from ${users} where ${users.id} = ${person})`;
}

/**
 * The names people gave themselves (first and last), never their email: for what leaves the
 * family, such as the care summary a clinic link shows. A person without a name is not in the map.
 */
export async function ownNames(db: Db | Tx, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(sql`${users.id} = any(${sql.param(unique)}::uuid[])`);
  const names = new Map<string, string>();
  for (const row of rows) {
    const name = displayName({ ...row, email: null });
    if (name) names.set(row.id, name);
  }
  return names;
}

/** The same rule as `personName`, on a row already read. */
export function displayName(person: {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}) {
  const name = [person.firstName, person.lastName]
    .filter((part): part is string => Boolean(part))
    .join(" ")
    .trim();
  return name || person.email;
}

export interface AuthorNames {
  createdByName: string | null;
  updatedByName: string | null;
}

const namesQueries = new WeakMap<Db | Tx, { execute(values: { ids: string[] }): Promise<unknown> }>();

/**
 * Names this process has read, for a minute: a list of records names the same few people again and
 * again, and a second query on every list cost a short list a quarter of its speed. A person's own
 * change of name is seen at once in the process that made it (`forgetAuthorName`), within a minute
 * in the others: a name on a record, not a permission.
 */
const NAMES_KEPT_MS = 60_000;
const NAMES_KEPT = 10_000;
const knownNames = new Map<string, { name: string | null; until: number }>();

/** Forgets a person's remembered name (they changed it, or their account is gone). */
export function forgetAuthorName(userId: string): void {
  knownNames.delete(userId);
}

/**
 * Rows of a table that keeps its authors, with the names of who added each and who changed it last
 * (`createdByName`, `updatedByName`): one lookup of the few people a page names, instead of two
 * for every row (which halved a page's speed).
 */
export async function withAuthorNames<R extends { createdBy: string | null; updatedBy: string | null }>(
  db: Db | Tx,
  rows: readonly R[],
): Promise<(R & AuthorNames)[]> {
  // The people the rows name, in one pass: each one known within the minute, or to be read.
  const names = new Map<string, string | null>();
  const toRead = new Set<string>();
  const now = Date.now();
  const note = (id: string | null) => {
    if (id === null || names.has(id) || toRead.has(id)) return;
    const known = knownNames.get(id);
    if (known && known.until > now) names.set(id, known.name);
    else toRead.add(id);
  };
  for (const row of rows) {
    note(row.createdBy);
    note(row.updatedBy);
  }
  if (toRead.size > 0) {
    const unknown = [...toRead];
    let query = namesQueries.get(db);
    if (!query) {
      query = db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(sql`${users.id} = any(${sql.placeholder("ids")}::uuid[])`)
        .prepare("author_names");
      namesQueries.set(db, query);
    }
    const found = (await query.execute({ ids: unknown })) as {
      id: string;
      firstName: string | null;
      lastName: string | null;
      email: string | null;
    }[];
    for (const person of found) names.set(person.id, displayName(person));
    if (knownNames.size + unknown.length > NAMES_KEPT) knownNames.clear();
    for (const id of unknown) knownNames.set(id, { name: names.get(id) ?? null, until: now + NAMES_KEPT_MS });
  }
  return rows.map((row) => ({
    ...row,
    createdByName: row.createdBy ? (names.get(row.createdBy) ?? null) : null,
    updatedByName: row.updatedBy ? (names.get(row.updatedBy) ?? null) : null,
  }));
}
