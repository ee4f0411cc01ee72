import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, signUp, type TestApp, type TestUser } from "../../../tests/helpers/test-app";
import { queryRows } from "../../../tests/helpers/test-database";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Follows the Link headers from `url` to the last page: every page's ids, in order. */
async function allPages(user: TestUser, url: string) {
  const pages: string[][] = [];
  let next: string | null = url;
  while (next) {
    const response = await user.get(next);
    expect(response.statusCode).toBe(200);
    pages.push((response.json() as { id: string }[]).map((row) => row.id));
    const link = response.headers.link as string | undefined;
    next = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1]! : null;
  }
  return pages;
}

describe("paged lists", () => {
  it("give a long history in pages of 100, newest first, no entry skipped or repeated", async () => {
    const user = await signUp(t.app);
    // 250 entries written in one statement: the same creation time, ten days, some without a time.
    await queryRows(
      t.database,
      sql`insert into symptom_entries (family_id, date, time, symptoms, pain_level)
        select ${user.familyId}, current_date - (i % 10), case when i % 3 = 0 then null else '0' || (i % 10) || ':00' end,
          array['entry ' || i], 1 + i % 10
        from generate_series(1, 250) as i`,
    );
    const pages = await allPages(user, "/api/symptoms");
    expect(pages.map((page) => page.length)).toEqual([100, 100, 50]);
    const ids = pages.flat();
    expect(new Set(ids).size).toBe(250);

    // The same order as one page holding them all: by date, then time (none last), newest first.
    const whole = (await user.get("/api/symptoms?limit=500")).json() as {
      id: string;
      date: string;
      time: string | null;
    }[];
    expect(whole.map((row) => row.id)).toEqual(ids);
    const keys = whole.map((row) => `${row.date} ${row.time ?? ""}`);
    expect(keys).toEqual([...keys].sort().reverse());
  });

  it("keep the query's other parameters in the next page's link, and check their own", async () => {
    const user = await signUp(t.app);
    const child = (await user.post("/api/children", { name: "Sam" })).json();
    for (let i = 0; i < 3; i++) {
      await user.post("/api/notes", { childId: child.id, title: `Night ${i}`, content: "fine" });
    }
    const first = await user.get(`/api/notes?childId=${child.id}&limit=2`);
    expect(first.json()).toHaveLength(2);
    const link = first.headers.link as string;
    expect(link).toMatch(new RegExp(`childId=${child.id}`));
    expect(link).toMatch(/limit=2/);
    const next = /^<([^>]+)>/.exec(link)![1]!;
    const second = await user.get(next);
    expect(second.json()).toHaveLength(1);
    expect(second.headers.link).toBeUndefined();

    for (const bad of ["limit=0", "limit=501", "limit=ten", "after=not-an-id"]) {
      const response = await user.get(`/api/notes?${bad}`);
      expect({ bad, status: response.statusCode }).toEqual({ bad, status: 400 });
    }
  });

  it("never pages into another user's list through its ids", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const note = (await owner.post("/api/notes", { title: "Mine", content: "private" })).json();
    await other.post("/api/notes", { title: "Theirs", content: "x" });
    const response = await other.get(`/api/notes?after=${note.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });
});
