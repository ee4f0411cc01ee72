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
 * Rows of a table that keeps its authors, with the names of who added each and who changed it last
 * (`createdByName`, `updatedByName`): one lookup of the few people a page names, instead of two
 * for every row (which halved a page's speed).
 */
export async function withAuthorNames<R extends { createdBy: string | null; updatedBy: string | null }>(
  db: Db | Tx,
  rows: readonly R[],
): Promise<(R & AuthorNames)[]> {
  const ids = [...new Set(rows.flatMap((row) => [row.createdBy, row.updatedBy]).filter((id) => id !== null))];
  const names = new Map<string, string | null>();
  if (ids.length > 0) {
    let query = namesQueries.get(db);
    if (!query) {
      query = db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(sql`${users.id} = any(${sql.placeholder("ids")}::uuid[])`)
        .prepare("author_names");
      namesQueries.set(db, query);
    }
    const found = (await query.execute({ ids })) as {
      id: string;
      firstName: string | null;
      lastName: string | null;
      email: string | null;
    }[];
    for (const person of found) names.set(person.id, displayName(person));
  }
  return rows.map((row) => ({
    ...row,
    createdByName: row.createdBy ? (names.get(row.createdBy) ?? null) : null,
    updatedByName: row.updatedBy ? (names.get(row.updatedBy) ?? null) : null,
  }));
}
