import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ModuleRoutes } from "../../app-context";
import type { Db } from "../../db/client";
import { migrationsFolder } from "../../db/migrate";

const healthAnswer = z.object({
  status: z.enum(["ok", "unavailable"]),
  /** Why the server cannot serve; absent when it can. Never anything private. */
  reason: z.string().optional(),
});
export type HealthAnswer = z.infer<typeof healthAnswer>;

/** When the last migration this build carries was made (drizzle records it as `created_at`). */
function lastMigrationMade(folder: string): { when: number; count: number } {
  const journal = JSON.parse(readFileSync(join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  return { when: Math.max(...journal.entries.map((entry) => entry.when)), count: journal.entries.length };
}

/**
 * Whether the database answers and holds every migration this build carries. Checked on each
 * call (one small query), so a monitor sees a database that went away within one check.
 */
export async function checkHealth(db: Db, folder = migrationsFolder()): Promise<HealthAnswer> {
  const expected = lastMigrationMade(folder);
  let applied: { count: number; last: number | null };
  try {
    const result = await db.execute<{ count: number; last: string | null }>(
      sql`select count(*)::int as count, max(created_at)::text as last from drizzle.__drizzle_migrations`,
    );
    const row = (result as unknown as { rows: { count: number; last: string | null }[] }).rows[0];
    applied = { count: Number(row?.count ?? 0), last: row?.last ? Number(row.last) : null };
  } catch {
    return { status: "unavailable", reason: "The database cannot be reached." };
  }
  if (applied.last === null || applied.last < expected.when) {
    const missing = Math.max(expected.count - applied.count, 1);
    return {
      status: "unavailable",
      reason: `The database is missing ${missing} of this version's ${expected.count} migrations.`,
    };
  }
  return { status: "ok" };
}

/**
 * `GET /api/health`: 200 `{status: "ok"}` when the database answers and every migration is
 * applied, 503 `{status: "unavailable", reason}` otherwise. No session needed and nothing private
 * in it: no version, no counts of records, no settings.
 */
export const healthRoutes: ModuleRoutes = (scope, { db }) => {
  const folder = migrationsFolder();
  scope
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/api/health",
      { schema: { response: { 200: healthAnswer, 503: healthAnswer } } },
      async (_request, reply) => {
        const health = await checkHealth(db, folder);
        return reply.status(health.status === "ok" ? 200 : 503).send(health);
      },
    );
};
