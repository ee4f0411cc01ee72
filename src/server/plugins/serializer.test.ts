import { randomUUID } from "node:crypto";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { buildTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { childRecord } from "../../domain/children";
import { timestamp } from "../../domain/records";
import { tpnEntryRecord } from "../../domain/tpn";
import { forWriting } from "./serializer";

/** Rows as the database gives them: Dates, nulls, and columns no response lists. */
const tpnRow = (i: number) => ({
  id: randomUUID(),
  familyId: randomUUID(),
  childId: randomUUID(),
  version: 1 + (i % 3),
  createdAt: new Date(Date.UTC(2026, 10, 20, 8, i)),
  createdBy: randomUUID(),
  updatedBy: null,
  createdByName: "Maria Lopez",
  updatedByName: null,
  updatedAt: new Date(Date.UTC(2026, 10, 21, 9, i)),
  date: "2026-11-20",
  calories: i % 2 ? "850.50" : null,
  protein: "25",
  carbohydrates: null,
  fat: "20",
  volume: "1000",
  duration: i % 3 ? 12 : null,
  notes: i % 2 ? 'Ran "overnight"\n</script> ✓' : null,
  pnPrescriptionId: i % 2 ? randomUUID() : null,
  lot: i % 2 ? "B-4471" : null,
  expiryDate: null,
  startTime: "19:45",
  stopTime: null,
  interruptions: null,
  suppliesDrawn:
    i % 2 ? [{ supplyId: randomUUID(), name: "Tubing set", unit: "each", quantity: 1, short: 0 }] : [],
  passwordHash: "scrypt$secret",
});
const rows = Array.from({ length: 25 }, (_, i) => tpnRow(i));
const child = {
  id: randomUUID(),
  familyId: randomUUID(),
  name: "Sam",
  age: 7,
  avatarColor: "#3B82F6",
  dateOfBirth: null,
  gender: "male",
  medicalDiagnosis: null,
  gestationalAgeWeeks: null,
  gestationalAgeDays: null,
  avatarUrl: null,
  notes: null,
  isActive: 1,
  version: 1,
  createdAt: new Date(),
  updatedAt: new Date(),
  createdBy: null,
  updatedBy: null,
  createdByName: null,
  updatedByName: null,
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get("/probe/tpn", { schema: { response: { 200: z.array(tpnEntryRecord) } } }, () => rows as never);
    r.get("/probe/child", { schema: { response: { 200: childRecord } } }, () => child as never);
    r.get(
      "/probe/missing",
      { schema: { response: { 200: tpnEntryRecord } } },
      () => ({ ...tpnRow(1), id: undefined }) as never,
    );
    // A nullable timestamp: a choice fast-json-stringify would decide by validating the Date.
    r.get(
      "/probe/maybe-time",
      { schema: { response: { 200: z.array(z.object({ at: timestamp.nullable() })) } } },
      () => [{ at: new Date(Date.UTC(2026, 0, 2)) }, { at: null }] as never,
    );
    // JSON Schema cannot say "a Date": this one keeps zod's encode.
    r.get(
      "/probe/date",
      { schema: { response: { 200: z.object({ at: z.date() }) } } },
      () => ({ at: new Date(Date.UTC(2026, 0, 2)), secret: "x" }) as never,
    );
  });
});
afterAll(() => t.close());

describe("answers written through their response schema", () => {
  it("writes exactly what encoding through the zod schema gives: listed fields only, ISO timestamps", async () => {
    const response = await t.app.inject({ url: "/probe/tpn" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(
      JSON.parse(JSON.stringify(z.encode(z.array(tpnEntryRecord), rows as never))),
    );
    expect(response.body).not.toMatch(/userId|passwordHash|scrypt/);
    expect(response.json()[1]).toMatchObject({ createdAt: "2026-11-20T08:01:00.000Z", calories: "850.50" });
    const single = await t.app.inject({ url: "/probe/child" });
    expect(single.json()).toEqual(JSON.parse(JSON.stringify(z.encode(childRecord, child as never))));
    expect(single.body).not.toContain("userId");
  });

  it("refuses to send an answer that lacks a field its schema requires", async () => {
    const response = await t.app.inject({ url: "/probe/missing" });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain("scrypt");
  });

  it("writes a timestamp that may be missing", async () => {
    const response = await t.app.inject({ url: "/probe/maybe-time" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([{ at: "2026-01-02T00:00:00.000Z" }, { at: null }]);
  });

  it("keeps zod's encode for a schema JSON Schema cannot express", async () => {
    const response = await t.app.inject({ url: "/probe/date" });
    expect(response.json()).toEqual({ at: "2026-01-02T00:00:00.000Z" });
  });

  it("writes from a schema without the checks that only test a string's content", () => {
    const json = z.toJSONSchema(
      z.object({ id: z.uuid(), by: z.uuid().nullable(), at: timestamp.nullable(), pattern: z.email() }),
      { io: "input", target: "draft-7" },
    );
    const written = forWriting(json) as { properties: Record<string, Record<string, unknown>> };
    expect(written.properties.id).toEqual({ type: "string" });
    expect(written.properties.by).toEqual({ type: ["string", "null"] });
    expect(written.properties.pattern).toEqual({ type: "string" });
    expect(JSON.stringify(written.properties.at)).toContain("date-time");
  });
});
