import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addChild } from "../../../tests/helpers/owned-crud-contract";
import { buildTestApp, signUp, type TestApp, type TestUser } from "../../../tests/helpers/test-app";
import { today } from "../../domain/dates";
import { RECORD_ID_TAKEN } from "../lib/record-ids";
import type { RecordTypeDeclaration } from "./record-type-declaration";
import { RECORD_NAMES, RECORD_TYPES } from "./record-types";

/**
 * Every record type with a collection in the API, from its declaration's example: made once under
 * the id its device gave it, refused (409, saying nothing) under another family's, and changed or
 * deleted only at the version it was read at (412 otherwise).
 */

const COLLECTIONS = RECORD_NAMES.flatMap((name) => {
  const declared: RecordTypeDeclaration = RECORD_TYPES[name];
  return "none" in declared.api ? [] : [{ name, ...declared.api, photo: declared.restore?.photo === true }];
});

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
const ids: Record<string, string> = {};
let serial = 0;

async function uploadPhoto(user: TestUser): Promise<string> {
  const photo = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#39c" } })
    .jpeg()
    .toBuffer();
  const asked = (await user.post("/api/objects/upload", { size: photo.length })).json();
  await t.app.inject({
    method: "PUT",
    url: asked.uploadURL,
    headers: { cookie: user.cookie, "content-type": "image/jpeg" },
    payload: photo,
  });
  return (await user.put("/api/objects/metadata", { photoUrl: asked.uploadURL.split("?")[0] })).json()
    .objectPath;
}

async function exampleOf(c: (typeof COLLECTIONS)[number]) {
  const photoUrl = c.photo ? await uploadPhoto(owner) : "";
  return c.example({ id: (name) => ids[name]!, today: today(), serial: serial++, photoUrl });
}

function send(
  user: TestUser,
  method: "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  body?: unknown,
  ifMatch?: string,
) {
  return t.app.inject({
    method,
    url,
    headers: { cookie: user.cookie, ...(ifMatch ? { "if-match": ifMatch } : {}) },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUp(t.app);
  stranger = await signUp(t.app);
  ids.children = await addChild(owner, "Ana");
  // In the declarations' order: a record after the records it links to.
  for (const c of COLLECTIONS) {
    if (ids[c.name]) continue;
    const made = await owner.post(c.collection, await exampleOf(c));
    if (made.statusCode !== 201) throw new Error(`${c.collection}: ${made.statusCode} ${made.body}`);
    ids[c.name] = made.json().id;
  }
}, 60_000);
afterAll(() => t?.close());

describe.each(COLLECTIONS)("$collection", (c) => {
  it("is made once under its device's id, and never under another family's", async () => {
    const id = randomUUID();
    const body = { ...(await exampleOf(c)), id };
    const created = await send(owner, "POST", c.collection, body);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ id, version: 1 });
    const again = await send(owner, "POST", c.collection, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(created.json());
    const theirs = await send(stranger, "POST", c.collection, body);
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json()).toEqual({ message: RECORD_ID_TAKEN });
    expect((await owner.get(`${c.collection}/${id}`)).json()).toEqual(created.json());
  });

  it("is changed and deleted only at the version it was read at", async () => {
    const body = await exampleOf(c);
    const created = await send(owner, "POST", c.collection, body);
    const url = `${c.collection}/${created.json().id}`;
    let version = 1;
    for (const method of c.update) {
      const changed = await send(owner, method, url, body, `"${version}"`);
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().version).toBe(version + 1);
      expect(changed.headers.etag).toBe(`"${version + 1}"`);
      const stale = await send(owner, method, url, body, `"${version}"`);
      expect(stale.statusCode).toBe(412);
      expect(stale.json().current).toEqual((await owner.get(url)).json());
      version += 1;
    }
    expect((await send(stranger, "DELETE", url, undefined, `"${version}"`)).statusCode).toBe(404);
    expect((await send(owner, "DELETE", url, undefined, `"${version + 1}"`)).statusCode).toBe(412);
    expect((await send(owner, "DELETE", url, undefined, `"${version}"`)).statusCode).toBe(204);
    expect((await owner.get(url)).statusCode).toBe(404);
  });
});
