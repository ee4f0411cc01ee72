import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addChild, ownedCrudContract } from "../../../../tests/helpers/owned-crud-contract";
import { buildTestApp, signUp, type TestApp } from "../../../../tests/helpers/test-app";
import { queryRows } from "../../../../tests/helpers/test-database";
import { inTransaction } from "../../lib/transaction";
import { piccInfectionRecords, piccLineRecords } from "./picc.queries";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const line = {
  insertionDate: "2026-07-05",
  insertionSite: "right-arm",
  lineType: "double-lumen",
  insertedBy: "IR team",
  notes: "4 Fr",
};

describe("PICC lines", () => {
  ownedCrudContract(() => t, {
    path: "/api/picc-lines",
    valid: line,
    change: { removalDate: "2026-11-01", removalReason: "Fever, cultures positive" },
    updateMethod: "PUT",
    required: ["insertionDate", "insertionSite", "lineType", "childId"],
    invalid: { insertionSite: "neck", lineType: "quad-lumen" },
    linksChild: "required",
    dates: { insertionDate: "past", removalDate: "past" },
  });

  it("uses the spec's messages for missing fields, and lists one child's lines with ?childId=", async () => {
    const user = await signUp(t.app);
    const missing = await user.post("/api/picc-lines", {});
    expect(missing.json().issues).toEqual([
      { path: "childId", message: "Child is required" },
      { path: "insertionDate", message: "Insertion date is required" },
      { path: "insertionSite", message: "Insertion site is required" },
      { path: "lineType", message: "Line type is required" },
    ]);
    const sam = await addChild(user, "Sam");
    const ava = await addChild(user, "Ava");
    await user.post("/api/picc-lines", { ...line, childId: sam });
    await user.post("/api/picc-lines", { ...line, childId: ava, insertionDate: "2026-08-01" });
    const samsLines = (await user.get(`/api/picc-lines?childId=${sam}`)).json();
    expect(samsLines.map((l: { childId: string }) => l.childId)).toEqual([sam]);
  });
});

describe("PICC infections", () => {
  ownedCrudContract(() => t, {
    path: "/api/picc-infections",
    valid: {
      infectionDate: "2026-10-28",
      infectionType: "bloodstream",
      organism: "Staphylococcus epidermidis",
      antibiotics: "Vancomycin",
      outcome: "ongoing",
      hospitalAdmission: true,
      admissionDuration: "5 days",
    },
    change: { outcome: "resolved", treatmentEndDate: "2026-11-10" },
    updateMethod: "PUT",
    required: ["infectionDate", "infectionType", "childId"],
    invalid: { infectionType: "flu", outcome: "better" },
    linksChild: "required",
    dates: { infectionDate: "past", treatmentStartDate: "future", treatmentEndDate: "future" },
  });

  it("links an infection to one of the same child's lines only", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const sam = await addChild(owner, "Sam");
    const ava = await addChild(owner, "Ava");
    const samsLine = (await owner.post("/api/picc-lines", { ...line, childId: sam })).json();
    const avasLine = (await owner.post("/api/picc-lines", { ...line, childId: ava })).json();
    const foreignChild = await addChild(other, "Not yours");
    const foreignLine = (await other.post("/api/picc-lines", { ...line, childId: foreignChild })).json();
    const infection = { childId: sam, infectionDate: "2026-10-28", infectionType: "exit-site" };

    const ok = await owner.post("/api/picc-infections", { ...infection, piccLineId: samsLine.id });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ piccLineId: samsLine.id, hospitalAdmission: false, outcome: null });

    const wrongChild = await owner.post("/api/picc-infections", { ...infection, piccLineId: avasLine.id });
    expect(wrongChild.statusCode).toBe(400);
    expect(wrongChild.json().issues).toEqual([
      { path: "piccLineId", message: "The PICC line must be one of this child's lines" },
    ]);

    const foreign = await owner.post("/api/picc-infections", { ...infection, piccLineId: foreignLine.id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: "PICC line not found" });

    const moved = await owner.put(`/api/picc-infections/${ok.json().id}`, {
      ...infection,
      piccLineId: avasLine.id,
    });
    expect(moved.statusCode).toBe(400);
    expect((await owner.get(`/api/picc-infections?childId=${sam}`)).json()).toHaveLength(1);
  });

  it("keeps a child's infections when their line is deleted, and deletes both with the child", async () => {
    const user = await signUp(t.app);
    const sam = await addChild(user, "Sam");
    const samsLine = (await user.post("/api/picc-lines", { ...line, childId: sam })).json();
    await user.post("/api/picc-infections", {
      childId: sam,
      piccLineId: samsLine.id,
      infectionDate: "2026-10-28",
      infectionType: "bloodstream",
    });
    expect((await user.delete(`/api/picc-lines/${samsLine.id}`)).statusCode).toBe(204);
    const [kept] = (await user.get(`/api/picc-infections?childId=${sam}`)).json();
    expect(kept.piccLineId).toBeNull();
    expect((await user.delete(`/api/children/${sam}`)).statusCode).toBe(204);
    expect((await user.get("/api/picc-infections")).json()).toEqual([]);
    expect((await user.get("/api/picc-lines")).json()).toEqual([]);
  });
});

describe("PICC dates and links across records", () => {
  const infectionOf = (childId: string, piccLineId: string | null, infectionDate = "2026-10-28") => ({
    childId,
    piccLineId,
    infectionDate,
    infectionType: "bloodstream",
  });

  it("refuses a line removed before it was inserted, on create, on update and on a one-field change", async () => {
    const user = await signUp(t.app);
    const sam = await addChild(user, "Sam");
    const early = await user.post("/api/picc-lines", { ...line, childId: sam, removalDate: "2026-07-04" });
    expect(early.statusCode).toBe(400);
    expect(early.json().issues).toEqual([
      { path: "removalDate", message: "Removal date cannot be before the insertion date" },
    ]);
    const created = (await user.post("/api/picc-lines", { ...line, childId: sam })).json();
    const put = await user.put(`/api/picc-lines/${created.id}`, {
      ...line,
      childId: sam,
      removalDate: "2026-07-01",
    });
    expect(put.statusCode).toBe(400);
    expect(put.json().issues).toEqual([
      { path: "removalDate", message: "Removal date cannot be before the insertion date" },
    ]);
    // What a PATCH of the one field does: the rule is checked on the stored result.
    await expect(
      inTransaction(
        t.database.db,
        { familyId: user.familyId, actorId: user.id, childIds: null, role: "owner" as const },
        (ctx) => piccLineRecords.update(ctx, created.id, { removalDate: "2026-07-01" }),
      ),
    ).rejects.toMatchObject({
      statusCode: 400,
      issues: [{ path: "removalDate", message: "Removal date cannot be before the insertion date" }],
    });
    expect((await user.get(`/api/picc-lines/${created.id}`)).json()).toEqual(created);
  });

  it("refuses an infection treatment that ends before it starts, also on a one-field change", async () => {
    const user = await signUp(t.app);
    const sam = await addChild(user, "Sam");
    const treatment = { treatmentStartDate: "2026-10-29", treatmentEndDate: "2026-10-28" };
    const refused = await user.post("/api/picc-infections", { ...infectionOf(sam, null), ...treatment });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([
      { path: "treatmentEndDate", message: "Treatment end date cannot be before the treatment start date" },
    ]);
    const created = (
      await user.post("/api/picc-infections", { ...infectionOf(sam, null), treatmentStartDate: "2026-10-29" })
    ).json();
    await expect(
      inTransaction(
        t.database.db,
        { familyId: user.familyId, actorId: user.id, childIds: null, role: "owner" as const },
        (ctx) => piccInfectionRecords.update(ctx, created.id, { treatmentEndDate: "2026-10-20" }),
      ),
    ).rejects.toMatchObject({ statusCode: 400, issues: [{ path: "treatmentEndDate" }] });
    expect((await user.get(`/api/picc-infections/${created.id}`)).json()).toEqual(created);
  });

  it("refuses an infection dated before its line went in, on create, on update and on a one-field change", async () => {
    const user = await signUp(t.app);
    const sam = await addChild(user, "Sam");
    const samsLine = (await user.post("/api/picc-lines", { ...line, childId: sam })).json();
    const message = "Infection date cannot be before the line's insertion date (2026-07-05)";
    const early = await user.post("/api/picc-infections", infectionOf(sam, samsLine.id, "2026-07-04"));
    expect(early.statusCode).toBe(400);
    expect(early.json().issues).toEqual([{ path: "infectionDate", message }]);

    const created = (
      await user.post("/api/picc-infections", infectionOf(sam, samsLine.id, "2026-07-05"))
    ).json();
    const put = await user.put(
      `/api/picc-infections/${created.id}`,
      infectionOf(sam, samsLine.id, "2026-06-30"),
    );
    expect(put.statusCode).toBe(400);
    expect(put.json().issues).toEqual([{ path: "infectionDate", message }]);
    await expect(
      inTransaction(
        t.database.db,
        { familyId: user.familyId, actorId: user.id, childIds: null, role: "owner" as const },
        (ctx) => piccInfectionRecords.update(ctx, created.id, { infectionDate: "2026-06-30" }),
      ),
    ).rejects.toMatchObject({ statusCode: 400, issues: [{ path: "infectionDate", message }] });
    // Without a line, any date passes the line's rule.
    expect((await user.post("/api/picc-infections", infectionOf(sam, null, "2026-01-01"))).statusCode).toBe(
      201,
    );
    expect((await user.get(`/api/picc-infections/${created.id}`)).json()).toEqual(created);
  });

  it("refuses moving a line's insertion date after one of its infections, naming it", async () => {
    const user = await signUp(t.app);
    const sam = await addChild(user, "Sam");
    const samsLine = (await user.post("/api/picc-lines", { ...line, childId: sam })).json();
    await user.post("/api/picc-infections", infectionOf(sam, samsLine.id, "2026-08-01"));
    await user.post("/api/picc-infections", infectionOf(sam, samsLine.id, "2026-09-12"));
    const later = await user.put(`/api/picc-lines/${samsLine.id}`, {
      ...line,
      childId: sam,
      insertionDate: "2026-09-01",
    });
    expect(later.statusCode).toBe(400);
    expect(later.json().issues).toEqual([
      {
        path: "insertionDate",
        message: "Insertion date cannot be after this line's infection of 2026-08-01",
      },
    ]);
    await expect(
      inTransaction(
        t.database.db,
        { familyId: user.familyId, actorId: user.id, childIds: null, role: "owner" as const },
        (ctx) => piccLineRecords.update(ctx, samsLine.id, { insertionDate: "2026-10-01" }),
      ),
    ).rejects.toMatchObject({
      statusCode: 400,
      issues: [
        {
          path: "insertionDate",
          message: "Insertion date cannot be after this line's infections of 2026-08-01, 2026-09-12",
        },
      ],
    });
    expect((await user.get(`/api/picc-lines/${samsLine.id}`)).json()).toEqual(samsLine);
    const onTheDay = await user.put(`/api/picc-lines/${samsLine.id}`, {
      ...line,
      childId: sam,
      insertionDate: "2026-08-01",
    });
    expect(onTheDay.statusCode).toBe(200);
  });

  it("refuses moving a line to another child while infections point at it (409 naming them)", async () => {
    const user = await signUp(t.app);
    const sam = await addChild(user, "Sam");
    const ava = await addChild(user, "Ava");
    const samsLine = (await user.post("/api/picc-lines", { ...line, childId: sam })).json();
    const first = (
      await user.post("/api/picc-infections", infectionOf(sam, samsLine.id, "2026-08-01"))
    ).json();
    const second = (
      await user.post("/api/picc-infections", infectionOf(sam, samsLine.id, "2026-09-12"))
    ).json();

    const moved = await user.put(`/api/picc-lines/${samsLine.id}`, { ...line, childId: ava });
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toEqual({
      message:
        "This line has 2 infections recorded (2026-08-01, 2026-09-12). Link them to another of this child's lines, or delete them, before moving the line to another child.",
    });
    await expect(
      inTransaction(
        t.database.db,
        { familyId: user.familyId, actorId: user.id, childIds: null, role: "owner" as const },
        (ctx) => piccLineRecords.update(ctx, samsLine.id, { childId: ava }),
      ),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect((await user.get(`/api/picc-lines/${samsLine.id}`)).json()).toEqual(samsLine);

    await user.delete(`/api/picc-infections/${first.id}`);
    const one = await user.put(`/api/picc-lines/${samsLine.id}`, { ...line, childId: ava });
    expect(one.json().message).toMatch(/^This line has 1 infection recorded \(2026-09-12\)\. Link it to/);
    await user.put(`/api/picc-infections/${second.id}`, infectionOf(sam, null, "2026-09-12"));
    const free = await user.put(`/api/picc-lines/${samsLine.id}`, { ...line, childId: ava });
    expect(free.statusCode).toBe(200);
    expect(free.json().childId).toBe(ava);
  });

  it("never lets a line's move and a new infection on it both succeed when they race", async () => {
    const user = await signUp(t.app);
    const sam = await addChild(user, "Sam");
    const ava = await addChild(user, "Ava");
    const outcomes: string[] = [];
    for (let round = 0; round < 12; round += 1) {
      const samsLine = (await user.post("/api/picc-lines", { ...line, childId: sam })).json();
      const [move, infection, later, early] = await Promise.all([
        user.put(`/api/picc-lines/${samsLine.id}`, { ...line, childId: ava }),
        user.post("/api/picc-infections", infectionOf(sam, samsLine.id, "2026-10-28")),
        user.put(`/api/picc-lines/${samsLine.id}`, { ...line, childId: sam, insertionDate: "2026-10-01" }),
        user.post("/api/picc-infections", infectionOf(sam, samsLine.id, "2026-09-01")),
      ]);
      for (const response of [move, infection, later, early]) {
        expect([200, 201, 400, 404, 409]).toContain(response.statusCode);
      }
      outcomes.push(`${move.statusCode}/${infection.statusCode}`);
    }
    // Whatever the order, what is stored keeps both rules: every infection is its line's child's,
    // and dated on or after the line went in.
    const broken = await queryRows(
      t.database,
      sql`select i.infection_date::text as "infectionDate", l.insertion_date::text as "insertionDate",
                 i.child_id = l.child_id as "sameChild"
          from picc_infections i join picc_lines l on l.id = i.picc_line_id
          where i.family_id = ${user.familyId} and (i.child_id <> l.child_id or i.infection_date < l.insertion_date)`,
    );
    expect({ outcomes, broken }).toEqual({ outcomes, broken: [] });
  });
});
