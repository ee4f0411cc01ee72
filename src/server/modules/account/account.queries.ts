import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import * as schema from "../../db/schema/index";
import { CARE_RECORD_TABLES } from "../../db/schema/owned-tables";

/**
 * Deletes the child profile: every child and every care record of the user, and the child's name.
 * The account and its sign-in stay. One transaction: all or nothing.
 */
export async function deleteChildProfile(db: Db, userId: string) {
  await db.transaction(async (tx) => {
    await tx.delete(schema.storedObjects).where(eq(schema.storedObjects.userId, userId));
    for (const table of Object.values(CARE_RECORD_TABLES))
      await tx.delete(table).where(eq(table.userId, userId));
    await tx
      .update(schema.users)
      .set({ childName: null, updatedAt: new Date() })
      .where(eq(schema.users.id, userId));
  });
}

/** Deletes the user; every owned row (records, sessions, audit trail) goes with it by cascade. */
export async function deleteUser(db: Db, userId: string) {
  await db.delete(schema.users).where(eq(schema.users.id, userId));
}
