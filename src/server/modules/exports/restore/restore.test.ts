import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedEveryRecordType } from "../../../../tests/helpers/seed-records";
import { buildTestApp, signUp, type TestApp, type TestUser } from "../../../../tests/helpers/test-app";
import { queryRows } from "../../../../tests/helpers/test-database";
import { CARE_RECORD_TABLES } from "../../db/schema/owned-tables";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Row = Record<string, unknown>;
type ExportFile = Record<string, unknown> & Record<keyof typeof CARE_RECORD_TABLES, Row[]>;

const exportOf = async (user: TestUser, query = "") =>
  (await user.get(`/api/account/export?photos=1${query}`)).json() as ExportFile;

/**
 * An export's content without what a restore renews: ids and timestamps, the photo's path and the
 * re-encoded bytes. Links are replaced by what they point at (the child's name, the supply's name,
 * the line's insertion date), so a restore that broke a link shows.
 */
function comparable(file: ExportFile) {
  const byId = new Map<string, string>();
  for (const child of file.children) byId.set(child.id as string, `child ${child.name}`);
  for (const supply of file.tpnSupplies) byId.set(supply.id as string, `supply ${supply.name}`);
  for (const line of file.piccLines) byId.set(line.id as string, `line ${line.insertionDate}`);
  const out: Record<string, Row[]> = {};
  for (const name of Object.keys(CARE_RECORD_TABLES)) {
    out[name] = file[name as keyof typeof CARE_RECORD_TABLES].map((row) => {
      const { id: _id, createdAt: _c, updatedAt: _u, photoUrl, image, ...rest } = row;
      for (const link of ["childId", "supplyId", "piccLineId"]) {
        if (typeof rest[link] === "string") rest[link] = byId.get(rest[link] as string);
      }
      return { ...rest, ...(photoUrl ? { photo: "present" } : {}), ...(image ? { image: "present" } : {}) };
    });
  }
  return out;
}

const recordCount = async (user: TestUser) => {
  const counts = await Promise.all(
    Object.values(CARE_RECORD_TABLES).map(async (table) => {
      const [row] = await queryRows(
        t.database,
        sql`select count(*)::int as n from ${table} where user_id = ${user.id}`,
      );
      return row!.n as number;
    }),
  );
  return counts.reduce((a, b) => a + b, 0);
};

const restore = (user: TestUser, body: unknown) =>
  t.app.inject({
    method: "POST",
    url: "/api/account/import",
    headers: { cookie: user.cookie, "content-type": "application/json" },
    payload: typeof body === "string" ? body : JSON.stringify(body),
  });

describe("restoring an export", () => {
  it("brings every record, link and photo back into another account: export, import, export gives the same data", async () => {
    const source = await signUp(t.app);
    await seedEveryRecordType(t, source);
    const first = await exportOf(source);
    expect(first.medicalPhotos[0]?.image).toEqual(expect.stringMatching(/^\/9j\//));

    const target = await signUp(t.app);
    const response = await restore(target, first);
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report.message).toBe("Imported 17 records.");
    expect(report.imported).toMatchObject({
      children: 1,
      supplyUsage: 1,
      piccInfections: 1,
      medicalPhotos: 1,
    });
    expect(report.skipped).toEqual([]);

    const second = await exportOf(target);
    expect(comparable(second)).toEqual(comparable(first));
    // Stock is not taken twice: the usage comes back as a record, the stock as it was.
    expect(second.tpnSupplies[0]?.currentStock).toBe(10);
    // The restored photo is served to its new owner.
    const photo = await target.get(second.medicalPhotos[0]!.photoUrl as string);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers["content-type"]).toBe("image/jpeg");
    // The source account is untouched.
    expect(await recordCount(source)).toBe(17);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    "restores an export of the embedded database (PGlite) into PostgreSQL",
    async () => {
      const embedded = await buildTestApp({}, undefined, { database: "embedded" });
      try {
        const source = await signUp(embedded.app);
        await seedEveryRecordType(embedded, source);
        const first = (await source.get("/api/account/export?photos=1")).json() as ExportFile;
        const target = await signUp(t.app);
        const response = await restore(target, first);
        expect(response.statusCode).toBe(200);
        expect(response.json().message).toBe("Imported 17 records.");
        expect(comparable(await exportOf(target))).toEqual(comparable(first));
      } finally {
        await embedded.close();
      }
    },
  );

  it("skips photos whose images the file does not hold, and says so", async () => {
    const source = await signUp(t.app);
    await seedEveryRecordType(t, source);
    const withoutImages = (await source.get("/api/account/export")).json();
    const target = await signUp(t.app);
    const report = (await restore(target, withoutImages)).json();
    expect(report.imported.medicalPhotos).toBe(0);
    expect(report.skipped).toEqual(["1 medical photo: the file holds no image"]);
  });

  it("refuses a file that is cut short, not an export, from a newer version or wrong inside, and changes nothing", async () => {
    const source = await signUp(t.app);
    await seedEveryRecordType(t, source);
    const text = (await source.get("/api/account/export")).body;
    const file = JSON.parse(text);
    const target = await signUp(t.app);
    await target.post("/api/notes", { title: "Already here", content: "kept" });

    const cases: [string, unknown, string][] = [
      [
        "cut short",
        text.slice(0, Math.floor(text.length / 2)),
        "This file is not a complete export: it is not valid JSON, and may have been cut short.",
      ],
      [
        "another file",
        { hello: "world" },
        "This file is not a Medical Care Tracker export (a JSON download from Account Settings).",
      ],
      [
        "a newer version",
        { ...file, version: 2 },
        "This export was made by a newer version of Medical Care Tracker (format version 2). Update this server, then import it again.",
      ],
      [
        "a record that breaks the rules",
        { ...file, notes: [{ ...file.notes[0], title: "a\u0000b" }] },
        "Notes, record 1: title: Must not contain a NUL character",
      ],
      [
        "a link to nothing",
        { ...file, tpnEntries: [{ ...file.tpnEntries[0], childId: "00000000-0000-4000-8000-000000000000" }] },
        "TPN Entries, record 1 refers to a children record that is not in the file.",
      ],
    ];
    for (const [name, body, message] of cases) {
      const response = await restore(target, body);
      expect({ name, status: response.statusCode, message: response.json().message }).toEqual({
        name,
        status: 400,
        message,
      });
    }
    expect(await recordCount(target)).toBe(1);
    expect(await t.storage.list(`${target.id}/`)).toEqual([]);
  });

  it("refuses a file larger than 50 MB with 413 and changes nothing", async () => {
    const target = await signUp(t.app);
    const huge = `{"format":"medical-care-tracker-export","version":1,"notes":[],"padding":"${"x".repeat(51 * 1024 * 1024)}"}`;
    const response = await restore(target, huge);
    expect(response.statusCode).toBe(413);
    expect(await recordCount(target)).toBe(0);
  });
});
