import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { addDays, today } from "../../src/domain/dates";
import { signUp, type TestApp, type TestUser } from "./test-app";

export interface CrudContract {
  /** The collection path, e.g. "/api/lab-tests". */
  path: string;
  /** A valid create body; `childId` is filled in when `linksChild` is set. */
  valid: Record<string, unknown>;
  /** Fields to change on update, and the verb the spec's client uses. */
  change: Record<string, unknown>;
  updateMethod: "PATCH" | "PUT";
  /** Each must be present: leaving it out is a 400 naming it. */
  required: string[];
  /** Out-of-list values, each a 400 naming the field. */
  invalid?: Record<string, unknown>;
  /** "optional": the record may link a child; "required": it must. */
  linksChild?: "optional" | "required";
  /** Figures the list adds to each record (a supply's run-out forecast), as a fresh record has them. */
  listExtras?: Record<string, unknown>;
  /**
   * The record's date fields, each refused before 1900, and how far ahead each may be: "past" for
   * what happened (at most tomorrow), "future" for what is planned (any later date), "any" where
   * only the 1900 floor applies.
   */
  dates?: Record<string, "past" | "future" | "any">;
  /** More of a valid body that needs records made first (a line of the child, for its care). */
  extra?: (user: TestUser, childId: string | undefined) => Promise<Record<string, unknown>>;
}

/** Adds a child to a user's account and returns its id. */
export async function addChild(user: TestUser, name = "Sam") {
  const response = await user.post("/api/children", { name });
  expect(response.statusCode).toBe(201);
  return response.json().id as string;
}

/**
 * The behaviour every owned record type shares, as tests: create, list, update, delete; required
 * fields; value lists; another user's ids answered as missing; links to another user's child refused.
 */
export function ownedCrudContract(getApp: () => TestApp, c: CrudContract) {
  const body = async (
    user: TestUser,
    extra: Record<string, unknown> = {},
  ): Promise<Record<string, unknown>> => {
    const childId = c.linksChild ? await addChild(user) : undefined;
    return {
      ...c.valid,
      ...(childId ? { childId } : {}),
      ...(await c.extra?.(user, childId)),
      ...extra,
    };
  };
  const update = (user: TestUser, id: string, payload: unknown) =>
    c.updateMethod === "PATCH"
      ? user.patch(`${c.path}/${id}`, payload)
      : user.put(`${c.path}/${id}`, payload);

  it("creates, lists, reads, updates and deletes a record", async () => {
    const user = await signUp(getApp().app);
    const payload = await body(user, { userId: "" });
    const created = await user.post(c.path, payload);
    expect(created.statusCode).toBe(201);
    const record = created.json();
    expect(record.id).toEqual(expect.any(String));
    expect(record).not.toHaveProperty("userId");
    expect((await user.get(c.path)).json()).toEqual([{ ...record, ...c.listExtras }]);
    expect((await user.get(`${c.path}/${record.id}`)).json()).toEqual(record);

    const updated = await update(user, record.id, { ...payload, ...c.change });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: record.id, ...c.change });
    expect((await user.get(c.path)).json()).toEqual([{ ...updated.json(), ...c.listExtras }]);

    expect((await user.delete(`${c.path}/${record.id}`)).statusCode).toBe(204);
    expect((await user.get(c.path)).json()).toEqual([]);
  });

  it.each(c.required)("answers a body without %s with 400 naming it, and saves nothing", async (field) => {
    const user = await signUp(getApp().app);
    const payload = await body(user);
    delete payload[field];
    const response = await user.post(c.path, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues.map((i: { path: string }) => i.path)).toContain(field);
    expect((await user.get(c.path)).json()).toEqual([]);
  });

  it.each(Object.entries(c.invalid ?? {}))("answers %s out of its list with 400", async (field, value) => {
    const user = await signUp(getApp().app);
    const response = await user.post(c.path, await body(user, { [field]: value }));
    expect(response.statusCode).toBe(400);
    expect(response.json().issues.map((i: { path: string }) => i.path)).toContain(field);
  });

  for (const [field, reach] of Object.entries(c.dates ?? {})) {
    it(`refuses ${field} before 1900 with 400 naming it, and saves nothing`, async () => {
      const user = await signUp(getApp().app);
      const response = await user.post(c.path, await body(user, { [field]: "1899-12-31" }));
      expect(response.statusCode).toBe(400);
      expect(response.json().issues).toEqual([
        { path: field, message: expect.stringMatching(/^[A-Z][a-z ]+ cannot be before 1900$/) },
      ]);
      expect((await user.get(c.path)).json()).toEqual([]);
    });

    if (reach === "past") {
      it(`refuses ${field} after today with 400 naming it, and takes today`, async () => {
        const user = await signUp(getApp().app);
        const response = await user.post(c.path, await body(user, { [field]: addDays(today(), 1) }));
        expect(response.statusCode).toBe(400);
        expect(response.json().issues).toEqual([
          {
            path: field,
            message: expect.stringMatching(/^[A-Z][a-z ]+ cannot be in the future$/),
          },
        ]);
        expect((await user.get(c.path)).json()).toEqual([]);
        const ofToday = await user.post(c.path, await body(user, { [field]: today() }));
        expect(ofToday.statusCode).toBe(201);
      });
    }

    if (reach === "future") {
      it(`takes ${field} in the future (it may be planned)`, async () => {
        const user = await signUp(getApp().app);
        const response = await user.post(c.path, await body(user, { [field]: addDays(today(), 365) }));
        expect(response.statusCode).toBe(201);
      });
    }
  }

  it("answers another user's record as missing (404) and leaves it alone", async () => {
    const owner = await signUp(getApp().app);
    const intruder = await signUp(getApp().app);
    const record = (await owner.post(c.path, await body(owner))).json();
    expect((await intruder.get(c.path)).json()).toEqual([]);
    expect((await intruder.get(`${c.path}/${record.id}`)).statusCode).toBe(404);
    expect((await update(intruder, record.id, await body(intruder, c.change))).statusCode).toBe(404);
    expect((await intruder.delete(`${c.path}/${record.id}`)).statusCode).toBe(404);
    expect((await owner.get(c.path)).json()).toEqual([{ ...record, ...c.listExtras }]);
  });

  if (c.updateMethod === "PATCH") {
    it("updates only the fields a PATCH sends", async () => {
      const user = await signUp(getApp().app);
      const record = (await user.post(c.path, await body(user))).json();
      const [field, value] = Object.entries(c.change)[0]!;
      const updated = await user.patch(`${c.path}/${record.id}`, { [field]: value });
      expect(updated.statusCode).toBe(200);
      const { updatedAt: _before, ...unchanged } = record;
      expect(updated.json()).toEqual({
        ...unchanged,
        [field]: value,
        version: record.version + 1,
        updatedAt: expect.any(String),
      });
    });
  }

  it("is made once under the id its device gave it, and changed only at the version it was read at", async () => {
    const user = await signUp(getApp().app);
    const payload = await body(user);
    const id = randomUUID();
    const send = (
      method: "POST" | "PATCH" | "PUT" | "DELETE",
      url: string,
      json?: unknown,
      ifMatch?: string,
    ) =>
      getApp().app.inject({
        method,
        url,
        headers: { cookie: user.cookie, ...(ifMatch ? { "if-match": ifMatch } : {}) },
        ...(json === undefined ? {} : { payload: json as object }),
      });
    const created = await send("POST", c.path, { ...payload, id });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ id, version: 1 });
    expect(created.headers.etag).toBe('"1"');
    const again = await send("POST", c.path, { ...payload, id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(created.json());
    const otherBody = await send("POST", c.path, { ...payload, ...c.change, id });
    expect(otherBody.statusCode).toBe(409);
    expect(otherBody.json()).toEqual({ message: "This id is already used by another record" });

    const changed = await send(c.updateMethod, `${c.path}/${id}`, { ...payload, ...c.change }, '"1"');
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().version).toBe(2);
    expect(changed.headers.etag).toBe('"2"');
    const stale = await send(c.updateMethod, `${c.path}/${id}`, payload, '"1"');
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toEqual({ message: expect.any(String), current: changed.json() });
    const staleDelete = await send("DELETE", `${c.path}/${id}`, undefined, '"1"');
    expect(staleDelete.statusCode).toBe(412);
    expect((await user.get(`${c.path}/${id}`)).json()).toEqual(changed.json());
    expect((await send("DELETE", `${c.path}/${id}`, undefined, '"2"')).statusCode).toBe(204);
    expect((await user.get(c.path)).json()).toEqual([]);
  });

  it("refuses a NUL byte in each text field with 400 naming it, and saves nothing", async () => {
    const user = await signUp(getApp().app);
    const payload = await body(user);
    const textFields = Object.keys(payload).filter(
      (key) => typeof payload[key] === "string" && key !== "childId",
    );
    expect(textFields.length).toBeGreaterThan(0);
    for (const field of textFields) {
      const response = await user.post(c.path, { ...payload, [field]: `a\u0000b` });
      expect({ field, status: response.statusCode }).toEqual({ field, status: 400 });
      expect(response.json().issues.map((i: { path: string }) => i.path)).toContain(field);
    }
    expect((await user.get(c.path)).json()).toEqual([]);
  });

  if (c.linksChild) {
    it("refuses a link to another user's child (404) on create and on update, and saves nothing", async () => {
      const owner = await signUp(getApp().app);
      const other = await signUp(getApp().app);
      const foreignChild = await addChild(other, "Not yours");
      // What else the body needs is the owner's own (a line of their child): only the child is foreign.
      const extra = await c.extra?.(owner, await addChild(owner));
      const response = await owner.post(c.path, { ...c.valid, ...extra, childId: foreignChild });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: "Child not found" });
      expect((await owner.get(c.path)).json()).toEqual([]);

      const record = (await owner.post(c.path, await body(owner))).json();
      const moved = await update(owner, record.id, { ...(await body(owner)), childId: foreignChild });
      expect(moved.statusCode).toBe(404);
      expect(moved.json()).toEqual({ message: "Child not found" });
      expect((await owner.get(`${c.path}/${record.id}`)).json()).toEqual(record);
    });
  }
}
