import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signUp, type TestApp } from "../../../tests/helpers/test-app";
import { queryRows } from "../../../tests/helpers/test-database";
import { careTeamMembers } from "../db/schema/index";
import { wholeFamily } from "./child-scope";
import { conflict } from "./errors";
import { ownedRecords, type RecordChange } from "./owned-records";
import { inTransaction, type WriteContext } from "./transaction";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Member = typeof careTeamMembers.$inferSelect;

/** A record type on a real table whose hooks note what they saw, and refuse a role of "refused". */
function recordsWithHooks() {
  const seen: string[] = [];
  const records = ownedRecords({
    entity: "care_team_member",
    table: careTeamMembers,
    summary: (row) => row.name,
    hooks: {
      async inTransaction(ctx, change: RecordChange<Member>) {
        // Inside the transaction the row is already written: the hook can read it.
        const [row] = await queryRowsIn(ctx.tx, change.after?.id ?? change.before!.id);
        seen.push(
          `in:${change.action}:${change.before?.role ?? "-"}>${change.after?.role ?? "-"}:${row ? "row" : "none"}`,
        );
        if (change.after?.role === "refused") throw conflict("Refused by the hook");
      },
      async afterCommit(change) {
        seen.push(`after:${change.action}`);
      },
    },
  });
  return { records, seen };
}

const queryRowsIn = (tx: Parameters<typeof inTransaction>[0], id: string) =>
  tx.select().from(careTeamMembers).where(sql`${careTeamMembers.id} = ${id}`);

describe("owned records with hooks", () => {
  it("run the in-transaction hook with before and after, then the after-commit hook", async () => {
    const user = await signUp(t.app);
    const scope = { familyId: user.familyId, actorId: user.id, childIds: null, role: "owner" as const };
    const { records, seen } = recordsWithHooks();
    const db = t.database.db;
    const created = await inTransaction(db, scope, (ctx) =>
      records.create(ctx, { name: "Dr. A", role: "GI" }),
    );
    await inTransaction(db, scope, (ctx) => records.update(ctx, created.id, { role: "Surgeon" }));
    await inTransaction(db, scope, (ctx) => records.remove(ctx, created.id));
    expect(seen).toEqual([
      "in:create:->GI:row",
      "after:create",
      "in:update:GI>Surgeon:row",
      "after:update",
      "in:delete:Surgeon>-:none",
      "after:delete",
    ]);
  });

  it("roll the whole change back when the hook refuses it: no row, no audit, no after-commit work", async () => {
    const user = await signUp(t.app);
    const scope = { familyId: user.familyId, actorId: user.id, childIds: null, role: "owner" as const };
    const { records, seen } = recordsWithHooks();
    await expect(
      inTransaction(t.database.db, scope, (ctx) => records.create(ctx, { name: "Dr. B", role: "refused" })),
    ).rejects.toThrow("Refused by the hook");
    expect(seen).toEqual(["in:create:->refused:row"]);
    const left = await queryRows(
      t.database,
      sql`select (select count(*) from care_team_members where family_id = ${user.familyId})::int as members,
                 (select count(*) from audit_log where family_id = ${user.familyId})::int as audit`,
    );
    expect(left[0]).toEqual({ members: 0, audit: 0 });
  });

  it("keep another owner's record out of reach of get, update and remove", async () => {
    const owner = await signUp(t.app);
    const intruder = await signUp(t.app);
    const { records } = recordsWithHooks();
    const db = t.database.db;
    const created = await inTransaction(
      db,
      { familyId: owner.familyId, actorId: owner.id, childIds: null, role: "owner" as const },
      (ctx) => records.create(ctx, { name: "Dr. C", role: "GI" }),
    );
    const asIntruder = {
      familyId: intruder.familyId,
      actorId: intruder.id,
      childIds: null,
      role: "owner" as const,
    };
    expect(await records.get(db, wholeFamily(intruder.familyId), created.id)).toBeUndefined();
    await expect(
      inTransaction(db, asIntruder, (ctx) => records.update(ctx, created.id, { role: "x" })),
    ).rejects.toThrow("Record not found");
    await expect(inTransaction(db, asIntruder, (ctx) => records.remove(ctx, created.id))).rejects.toThrow(
      "Record not found",
    );
    expect(await records.get(db, wholeFamily(owner.familyId), created.id)).toMatchObject({ role: "GI" });
  });

  it("write the audit row with whose records changed and who acted, when they are different people", async () => {
    const owner = await signUp(t.app);
    const caregiver = await signUp(t.app);
    const records = ownedRecords({
      entity: "care_team_member",
      table: careTeamMembers,
      summary: (row) => row.name,
    });
    const db = t.database.db;
    const asCaregiver = {
      familyId: owner.familyId,
      actorId: caregiver.id,
      childIds: null,
      role: "caregiver" as const,
    };
    const created = await inTransaction(db, asCaregiver, (ctx) =>
      records.create(ctx, { name: "Dr. D", role: "GI" }),
    );
    await inTransaction(db, asCaregiver, (ctx) => records.update(ctx, created.id, { role: "Surgeon" }));
    await inTransaction(db, asCaregiver, (ctx) => records.remove(ctx, created.id));
    const rows = await queryRows(
      t.database,
      sql`select action, family_id as "familyId", actor_id as "actorId" from audit_log
          where entity_id = ${created.id} order by created_at, action`,
    );
    const row = (action: string) => ({ action, familyId: owner.familyId, actorId: caregiver.id });
    expect(rows).toEqual([row("create"), row("update"), row("delete")]);
    expect(await records.get(db, wholeFamily(owner.familyId), created.id)).toBeUndefined();
  });

  it("refuse a viewer's change in the record layer itself, whatever path it came by, and keep nothing", async () => {
    const owner = await signUp(t.app);
    const records = ownedRecords({
      entity: "care_team_member",
      table: careTeamMembers,
      summary: (row) => row.name,
    });
    const db = t.database.db;
    const asOwner = { familyId: owner.familyId, actorId: owner.id, childIds: null, role: "owner" as const };
    const created = await inTransaction(db, asOwner, (ctx) =>
      records.create(ctx, { name: "Dr. E", role: "GI" }),
    );
    const asViewer = { ...asOwner, role: "viewer" as const };
    for (const change of [
      (ctx: WriteContext) => records.create(ctx, { name: "Dr. F", role: "GI" }),
      (ctx: WriteContext) => records.update(ctx, created.id, { role: "Surgeon" }),
      (ctx: WriteContext) => records.remove(ctx, created.id),
    ]) {
      await expect(inTransaction(db, asViewer, change)).rejects.toMatchObject({ statusCode: 403 });
    }
    expect(await records.list(db, wholeFamily(owner.familyId))).toEqual([
      expect.objectContaining({ name: "Dr. E", role: "GI" }),
    ]);
  });

  it("list rows exactly as drizzle reads them: each column by its name, timestamps as Dates", async () => {
    const { records } = recordsWithHooks();
    const user = await signUp(t.app);
    const scope = { familyId: user.familyId, actorId: user.id, childIds: null, role: "owner" as const };
    const db = t.database.db;
    await inTransaction(db, scope, (ctx) => records.create(ctx, { name: "Dr. E", role: "GI", phone: null }));
    const listed = await records.list(db, wholeFamily(user.familyId));
    const read = await db
      .select()
      .from(careTeamMembers)
      .where(sql`${careTeamMembers.familyId} = ${user.familyId}`);
    expect(listed).toEqual(
      read.map((row) => ({ ...row, createdByName: expect.anything(), updatedByName: expect.anything() })),
    );
    expect(listed[0]!.createdAt).toBeInstanceOf(Date);
    expect(Object.keys(listed[0]!).slice(0, Object.keys(read[0]!).length)).toEqual(Object.keys(read[0]!));
  });
});
