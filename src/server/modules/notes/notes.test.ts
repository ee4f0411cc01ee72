import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownedCrudContract } from "../../../../tests/helpers/owned-crud-contract";
import { buildTestApp, signUp, type TestApp } from "../../../../tests/helpers/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("notes", () => {
  ownedCrudContract(() => t, {
    path: "/api/notes",
    valid: {
      title: "Pump alarm",
      content: "Occlusion alarm at 3 a.m.; line was kinked.",
      category: "medical",
      tags: "pump, night",
      priority: "high",
    },
    change: { content: "Occlusion alarm; line kinked under the blanket.", priority: "medium" },
    updateMethod: "PATCH",
    required: ["title", "content"],
    invalid: { category: "shopping", priority: "urgent" },
    linksChild: "optional",
  });

  it("stores tags as a trimmed list and applies the default category and priority", async () => {
    const user = await signUp(t.app);
    const note = (
      await user.post("/api/notes", {
        title: "Clinic",
        content: "Bring the pump log",
        tags: " clinic ,, pump ",
      })
    ).json();
    expect(note).toMatchObject({ tags: ["clinic", "pump"], category: "general", priority: "medium" });
    const untagged = (await user.post("/api/notes", { title: "x", content: "y", tags: "" })).json();
    expect(untagged.tags).toEqual([]);
  });

  it("applies the same list limits to comma-separated text as to a list", async () => {
    const user = await signUp(t.app);
    const tooMany = await user.post("/api/notes", { title: "x", content: "y", tags: "a,".repeat(101) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().issues).toEqual([{ path: "tags", message: "At most 100 items" }]);
    const asList = await user.post("/api/notes", { title: "x", content: "y", tags: Array(101).fill("a") });
    expect(asList.json().issues).toEqual([{ path: "tags", message: "At most 100 items" }]);
    const tooLong = await user.post("/api/notes", {
      title: "x",
      content: "y",
      tags: `ok, ${"z".repeat(201)}`,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().issues).toEqual([
      { path: "tags", message: "Each item must be at most 200 characters" },
    ]);
    const huge = await user.post("/api/notes", { title: "x", content: "y", tags: "t,".repeat(100_000) });
    expect(huge.statusCode).toBe(400);
    expect((await user.get("/api/notes")).json()).toEqual([]);
    const fits = await user.post("/api/notes", { title: "x", content: "y", tags: `${"a,".repeat(99)}b` });
    expect(fits.json().tags).toHaveLength(100);
  });
});
