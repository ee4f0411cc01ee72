import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinFamily } from "../../../tests/helpers/family";
import { buildTestApp, signUp, type TestApp, type TestUser } from "../../../tests/helpers/test-app";

/**
 * An edit made on a device carries the version of the record it was made on (`If-Match`): when
 * someone changed the record since, the edit is refused with the record as it is now, for the
 * person to choose, instead of silently undoing the other change.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const note = { title: "Clinic", content: "Bring the pump log" };

function send(
  user: TestUser,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  options: { body?: unknown; ifMatch?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: {
      cookie: user.cookie,
      ...(options.ifMatch === undefined ? {} : { "if-match": options.ifMatch }),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}

async function noteOf(user: TestUser) {
  const created = await user.post("/api/notes", note);
  expect(created.statusCode).toBe(201);
  return created.json() as { id: string; version: number };
}

describe("a record's version", () => {
  it("is 1 when added, in every answer, and the single record's ETag", async () => {
    const user = await signUp(t.app);
    const created = await user.post("/api/notes", note);
    expect(created.json().version).toBe(1);
    expect(created.headers.etag).toBe('"1"');
    const { id } = created.json();
    const one = await user.get(`/api/notes/${id}`);
    expect(one.json().version).toBe(1);
    expect(one.headers.etag).toBe('"1"');
    expect((await user.get("/api/notes")).json()).toEqual([one.json()]);
    // A list has no single version: no ETag.
    expect((await user.get("/api/notes")).headers.etag).toBeUndefined();
  });

  it("counts one more with every change, with If-Match or without", async () => {
    const user = await signUp(t.app);
    const { id } = await noteOf(user);
    const plain = await user.patch(`/api/notes/${id}`, { title: "Clinic, room 4" });
    expect(plain.json().version).toBe(2);
    expect(plain.headers.etag).toBe('"2"');
    const matched = await send(user, "PATCH", `/api/notes/${id}`, {
      body: { content: "And the bags" },
      ifMatch: '"2"',
    });
    expect(matched.statusCode).toBe(200);
    expect(matched.json()).toMatchObject({ version: 3, title: "Clinic, room 4", content: "And the bags" });
    expect(matched.headers.etag).toBe('"3"');
    expect((await user.get(`/api/notes/${id}`)).json()).toEqual(matched.json());
  });

  it("takes If-Match as the ETag says it, weak, bare, in a list, or *", async () => {
    const user = await signUp(t.app);
    const { id } = await noteOf(user);
    const forms = ['"1"', 'W/"2"', "3", '"9", "4"', "*"];
    for (const [index, ifMatch] of forms.entries()) {
      const answer = await send(user, "PATCH", `/api/notes/${id}`, { body: { title: `T${index}` }, ifMatch });
      expect({ ifMatch, status: answer.statusCode }).toEqual({ ifMatch, status: 200 });
    }
    expect((await user.get(`/api/notes/${id}`)).json().version).toBe(6);
  });

  it("refuses a malformed If-Match with 400, and changes nothing", async () => {
    const user = await signUp(t.app);
    const { id } = await noteOf(user);
    for (const ifMatch of ["one", '"1', "W/1", "-1", '"1.5"', ""]) {
      const answer = await send(user, "PATCH", `/api/notes/${id}`, { body: { title: "X" }, ifMatch });
      expect({ ifMatch, status: answer.statusCode }).toEqual({ ifMatch, status: 400 });
      expect(answer.json().message).toMatch(/If-Match/);
      expect((await send(user, "DELETE", `/api/notes/${id}`, { ifMatch })).statusCode).toBe(400);
    }
    expect((await user.get(`/api/notes/${id}`)).json()).toMatchObject({ title: "Clinic", version: 1 });
  });
});

describe("an edit based on a version someone changed since", () => {
  it("is a 412 with the record exactly as a GET answers it now, and changes nothing", async () => {
    const owner = await signUp(t.app);
    const maria = await joinFamily(t, owner, { role: "caregiver", firstName: "Maria" });
    const { id } = await noteOf(owner);
    // Maria changes it; the owner's phone still holds version 1.
    expect(
      (await maria.patch(`/api/notes/${id}`, { content: "Bring the pump log and the bags" })).statusCode,
    ).toBe(200);
    const stale = await send(owner, "PATCH", `/api/notes/${id}`, { body: { title: "Mine" }, ifMatch: '"1"' });
    expect(stale.statusCode).toBe(412);
    const now = await owner.get(`/api/notes/${id}`);
    expect(stale.json()).toEqual({ message: expect.stringMatching(/changed/), current: now.json() });
    expect(stale.json().current).toMatchObject({ version: 2, updatedByName: "Maria Member" });
    expect(stale.headers.etag).toBe('"2"');
    expect(now.json().title).toBe("Clinic");
  });

  it("is a 412 for a whole record's PUT, and for a delete, which deletes nothing", async () => {
    const user = await signUp(t.app);
    const entry = await user.post("/api/tpn", {
      childId: (await user.post("/api/children", { name: "Sam" })).json().id,
      date: "2026-11-20",
      volume: "840",
    });
    expect(entry.statusCode, entry.body).toBe(201);
    const { id, ...fields } = entry.json();
    const body = { childId: fields.childId, date: fields.date, volume: "900" };
    expect((await send(user, "PUT", `/api/tpn/${id}`, { body, ifMatch: '"1"' })).statusCode).toBe(200);
    const stale = await send(user, "PUT", `/api/tpn/${id}`, {
      body: { ...body, volume: "1" },
      ifMatch: '"1"',
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toEqual((await user.get(`/api/tpn/${id}`)).json());
    const staleDelete = await send(user, "DELETE", `/api/tpn/${id}`, { ifMatch: '"1"' });
    expect(staleDelete.statusCode).toBe(412);
    expect(staleDelete.json().current.version).toBe(2);
    expect((await user.get(`/api/tpn/${id}`)).json().volume).toBe("900.00");
    expect((await send(user, "DELETE", `/api/tpn/${id}`, { ifMatch: '"2"' })).statusCode).toBe(204);
    expect((await user.get(`/api/tpn/${id}`)).statusCode).toBe(404);
  });

  it("sent twice at once on the same version is made once: the other is a 412", async () => {
    const user = await signUp(t.app);
    const { id } = await noteOf(user);
    const answers = await Promise.all(
      ["First", "Second"].map((title) =>
        send(user, "PATCH", `/api/notes/${id}`, { body: { title }, ifMatch: '"1"' }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 412]);
    const won = answers.find((a) => a.statusCode === 200)!.json();
    const lost = answers.find((a) => a.statusCode === 412)!.json();
    expect(lost.current).toEqual(won);
    expect((await user.get(`/api/notes/${id}`)).json()).toEqual(won);
  });

  it("without If-Match is made as before: the last one sent is kept", async () => {
    const user = await signUp(t.app);
    const { id } = await noteOf(user);
    await user.patch(`/api/notes/${id}`, { title: "A" });
    const last = await user.patch(`/api/notes/${id}`, { title: "B" });
    expect(last.statusCode).toBe(200);
    expect(last.json()).toMatchObject({ title: "B", version: 3 });
    expect((await user.delete(`/api/notes/${id}`)).statusCode).toBe(204);
  });
});

describe("another family's record with If-Match", () => {
  it("is missing (404), whatever the version: a 412 would say it exists", async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const { id } = await noteOf(owner);
    for (const ifMatch of ['"1"', '"7"', "*"]) {
      for (const method of ["PATCH", "DELETE"] as const) {
        const answer = await send(stranger, method, `/api/notes/${id}`, {
          body: method === "PATCH" ? { title: "X" } : undefined,
          ifMatch,
        });
        expect({ method, ifMatch, status: answer.statusCode, body: answer.json() }).toEqual({
          method,
          ifMatch,
          status: 404,
          body: { message: "Record not found" },
        });
      }
    }
    expect((await owner.get(`/api/notes/${id}`)).json()).toMatchObject({ title: "Clinic", version: 1 });
  });
});

describe("a change a record makes to another", () => {
  it("counts on that record's version too: a usage moves its supply's stock", async () => {
    const user = await signUp(t.app);
    const supply = (
      await user.post("/api/tpn-supplies", {
        name: "Swabs",
        category: "other",
        currentStock: 10,
        unit: "each",
      })
    ).json();
    expect(supply.version).toBe(1);
    const usage = await user.post("/api/supply-usage", {
      supplyId: supply.id,
      quantityUsed: 2,
      usageDate: "2026-11-20",
    });
    expect(usage.statusCode).toBe(201);
    const now = await user.get(`/api/tpn-supplies/${supply.id}`);
    expect(now.json()).toMatchObject({ currentStock: 8, version: 2 });
    // A phone that read the supply before the usage cannot set its stock back.
    const stale = await send(user, "PATCH", `/api/tpn-supplies/${supply.id}`, {
      body: { currentStock: 10 },
      ifMatch: '"1"',
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toEqual(now.json());
  });

  it("counts on a prescription's earlier version when a new one ends it", async () => {
    const user = await signUp(t.app);
    const childId = (await user.post("/api/children", { name: "Sam" })).json().id;
    const prescription = (day: string) => ({
      childId,
      startDate: day,
      bagVolumeMl: 1000,
      infusionHours: 12,
      dextrosePercent: 15,
      aminoAcidsG: 30,
    });
    const first = await user.post("/api/pn-prescriptions", prescription("2026-11-01"));
    expect(first.statusCode, first.body).toBe(201);
    const second = await user.post("/api/pn-prescriptions", prescription("2026-11-10"));
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().version).toBe(1);
    const earlier = (await user.get(`/api/pn-prescriptions/${first.json().id}`)).json();
    expect(earlier).toMatchObject({ endDate: "2026-11-09", version: 2 });
  });
});

describe("the headers a same-site client sends and reads", () => {
  it("are taken from the app's own pages: If-Match, Idempotency-Key, and the ETag it reads", async () => {
    const user = await signUp(t.app);
    const site = { origin: "http://localhost", "sec-fetch-site": "same-origin" };
    const id = randomUUID();
    const created = await send(user, "POST", "/api/notes", {
      body: { ...note, id },
      headers: { ...site, "idempotency-key": randomUUID() },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers.etag).toBe('"1"');
    const changed = await send(user, "PATCH", `/api/notes/${id}`, {
      body: { title: "T" },
      ifMatch: '"1"',
      headers: site,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).toBe('"2"');
    // The answers stay the app's own: no other site is let in to read them.
    expect(changed.headers["access-control-allow-origin"]).toBeUndefined();
  });
});
