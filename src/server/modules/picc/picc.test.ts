import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addChild, ownedCrudContract } from "../../../../tests/helpers/owned-crud-contract";
import { buildTestApp, signUp, type TestApp } from "../../../../tests/helpers/test-app";

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
    expect(wrongChild.json()).toEqual({ message: "The PICC line must be one of this child's lines" });

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
