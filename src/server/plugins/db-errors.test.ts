import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addChild } from "../../../tests/helpers/owned-crud-contract";
import { buildTestApp, signUp, type TestApp } from "../../../tests/helpers/test-app";
import { signedIn } from "../app";
import { symptomEntries, users } from "../db/schema/index";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, (app, db) =>
    app.register(
      signedIn(async (scope) => {
        // Writes that the database itself refuses, as a race with another request would make them.
        scope.post("/api/probe/vanished-child", async (request) => {
          await db
            .insert(symptomEntries)
            .values({ familyId: request.access().familyId, childId: randomUUID(), date: "2026-11-20" });
          return {};
        });
        scope.post("/api/probe/duplicate-email", async (request) => {
          const [me] = await db.select().from(users).where(sql`${users.id} = ${request.access().actorId}`);
          await db.insert(users).values({ email: me!.email });
          return {};
        });
      }),
    ),
  );
});
afterAll(() => t.close());

describe("database errors", () => {
  it("answer a link to a record that vanished with 404 and a unique clash with 409", async () => {
    const user = await signUp(t.app);
    const vanished = await user.post("/api/probe/vanished-child", {});
    expect(vanished.statusCode).toBe(404);
    expect(vanished.json()).toEqual({ message: "A linked record was not found" });
    const duplicate = await user.post("/api/probe/duplicate-email", {});
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ message: "This record already exists" });
  });

  it("never answer 500 to creates racing the deletion of their child", async () => {
    const user = await signUp(t.app);
    const statuses: number[] = [];
    for (let round = 0; round < 6; round++) {
      const childId = await addChild(user, `Child ${round}`);
      const creates = Array.from({ length: 40 }, (_, i) =>
        user.post("/api/symptoms", { childId, date: "2026-11-20", symptoms: `cough ${i}` }),
      );
      const deletion = user.delete(`/api/children/${childId}`);
      const responses = await Promise.all([...creates.slice(0, 20), deletion, ...creates.slice(20)]);
      statuses.push(...responses.map((r) => r.statusCode));
    }
    expect(statuses.filter((s) => ![201, 204, 404].includes(s))).toEqual([]);
  });
});
