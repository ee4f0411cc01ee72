import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signUp, type TestApp } from "../../../../tests/helpers/test-app";
import { queryRows } from "../../../../tests/helpers/test-database";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const member = {
  name: "Dr. Priya Patel",
  role: "Gastroenterologist",
  specialty: "Intestinal failure",
  phone: "555-0100",
  email: "ppatel@example.org",
  hospital: "Children's Hospital",
  notes: "Clinic on Tuesdays",
};

describe("care team", () => {
  it("creates, lists, updates and deletes a member", async () => {
    const user = await signUp(t.app);
    const created = await user.post("/api/care-team", { ...member, userId: "" });
    expect(created.statusCode).toBe(201);
    const record = created.json();
    expect(record).toMatchObject(member);
    expect(record.id).toEqual(expect.any(String));
    expect(record).not.toHaveProperty("userId");

    const list = await user.get("/api/care-team");
    expect(list.json()).toEqual([record]);

    const updated = await user.patch(`/api/care-team/${record.id}`, {
      ...member,
      phone: "555-0199",
      notes: "",
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      id: record.id,
      phone: "555-0199",
      notes: null,
      name: member.name,
    });

    const removed = await user.delete(`/api/care-team/${record.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await user.get("/api/care-team")).json()).toEqual([]);
    expect((await user.delete(`/api/care-team/${record.id}`)).statusCode).toBe(404);
  });

  it("lists newest first and stores empty optional fields as null", async () => {
    const user = await signUp(t.app);
    await user.post("/api/care-team", { name: "First", role: "Nurse", specialty: "", phone: "  " });
    await user.post("/api/care-team", { name: "Second", role: "Dietitian" });
    const list = (await user.get("/api/care-team")).json();
    expect(list.map((m: { name: string }) => m.name)).toEqual(["Second", "First"]);
    expect(list[1]).toMatchObject({ specialty: null, phone: null, email: null });
  });

  it("requires name and role, naming each missing field", async () => {
    const user = await signUp(t.app);
    const response = await user.post("/api/care-team", { specialty: "GI" });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([
      { path: "name", message: "Name is required" },
      { path: "role", message: "Role is required" },
    ]);
    const blank = await user.post("/api/care-team", { name: "   ", role: "Nurse" });
    expect(blank.json().issues).toEqual([{ path: "name", message: "Name is required" }]);
  });

  it("refuses a phone that is not a phone number (400 on phone), on create and on update", async () => {
    const user = await signUp(t.app);
    const phoneMessage = [{ path: "phone", message: "Phone must be a phone number such as +1 555-0100" }];
    for (const phone of ["call the desk", "555-01", "555-0100 ext 2"]) {
      const response = await user.post("/api/care-team", { ...member, phone });
      expect({ phone, status: response.statusCode }).toEqual({ phone, status: 400 });
      expect(response.json().issues).toEqual(phoneMessage);
    }
    expect((await user.get("/api/care-team")).json()).toEqual([]);
    const record = (await user.post("/api/care-team", { ...member, phone: "+1 (555) 010-0100" })).json();
    expect(record.phone).toBe("+1 (555) 010-0100");
    const changed = await user.patch(`/api/care-team/${record.id}`, { phone: "ask reception" });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().issues).toEqual(phoneMessage);
  });

  it("never lets a body set the owner or timestamps, nor take another record's id", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const theirs = (await other.post("/api/care-team", member)).json().id;
    const taken = await owner.post("/api/care-team", { ...member, id: theirs });
    expect(taken.statusCode).toBe(409);
    // A new id is the record's own: the one its device made (an entry saved offline).
    const id = randomUUID();
    const response = await owner.post("/api/care-team", {
      ...member,
      userId: other.id,
      id,
      createdAt: "2001-01-01T00:00:00.000Z",
    });
    const record = response.json();
    expect(record.id).toBe(id);
    expect(record.createdAt.startsWith("2001")).toBe(false);
    expect((await other.get("/api/care-team")).json()).toHaveLength(1);
    expect((await owner.get("/api/care-team")).json()).toEqual([record]);
  });

  it("answers another user's member as missing (404) on read, update and delete, and leaves it unchanged", async () => {
    const owner = await signUp(t.app);
    const intruder = await signUp(t.app);
    const record = (await owner.post("/api/care-team", member)).json();
    expect((await intruder.get("/api/care-team")).json()).toEqual([]);
    const read = await intruder.get(`/api/care-team/${record.id}`);
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({ message: "Record not found" });
    expect((await owner.get(`/api/care-team/${record.id}`)).json()).toEqual(record);
    const update = await intruder.patch(`/api/care-team/${record.id}`, { name: "Changed" });
    expect(update.statusCode).toBe(404);
    expect(update.json()).toEqual({ message: "Record not found" });
    expect((await intruder.delete(`/api/care-team/${record.id}`)).statusCode).toBe(404);
    expect((await owner.get("/api/care-team")).json()).toEqual([record]);
    expect((await intruder.patch("/api/care-team/not-a-uuid", { name: "x" })).statusCode).toBe(404);
  });

  it("writes an audit row for each change", async () => {
    const user = await signUp(t.app);
    const record = (await user.post("/api/care-team", member)).json();
    await user.patch(`/api/care-team/${record.id}`, { role: "Surgeon" });
    await user.delete(`/api/care-team/${record.id}`);
    const rows = await queryRows(
      t.database,
      sql`select action, entity, entity_id from audit_log where family_id = ${user.familyId} order by created_at, action`,
    );
    expect(rows.map((r) => r.action).sort()).toEqual(["create", "delete", "update"]);
    expect(rows.every((r) => r.entity === "care_team_member" && r.entity_id === record.id)).toBe(true);
  });
});
