import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { today } from "../../src/domain/dates";
import type { RecordTypeDeclaration } from "../../src/server/modules/record-type-declaration";
import { RECORD_NAMES, RECORD_TYPES, type RecordName } from "../../src/server/modules/record-types";
import { joinFamily } from "../helpers/family";
import {
  buildTestApp,
  PASSWORD,
  sessionCookie,
  signUp,
  type TestApp,
  type TestUser,
  uniqueAddress,
  uniqueEmail,
} from "../helpers/test-app";
import { queryRows } from "../helpers/test-database";

/**
 * Generated requests to every write route of the route table (the app's `publicRoutes` and
 * `signedInRoutes`: a route with no entry in ROUTES below fails the test, so a new route cannot be
 * forgotten). Each route gets RUNS cases of a generated body (the route's own valid body with
 * fields dropped, replaced by odd values or added; any JSON; an object of any keys; text that is
 * no JSON), a generated query string, now and then an If-Match, and, where the address has a
 * parameter, a generated id (the family's own, another family's, a new UUID, any text, broken
 * escapes). For every case:
 * - never a 5xx;
 * - a 4xx answers the error envelope `{ message, issues? }`, and the database is unchanged: no
 *   transaction committed (the database's next transaction id did not move, or every transaction
 *   since rolled back). A route that counts attempts (`counts`) may commit to those tables alone:
 *   every other table is compared before and after;
 * - a 2xx (a generated body that happens to be valid) is counted and read back: the record is
 *   there (or gone, after a delete), the settings read as answered.
 *
 * One app on an embedded database of its own per file, one family per group of routes (a new one
 * only where a case deletes the account), one request per case. The routes are split over two
 * files (write-routes-records.test.ts, write-routes-others.test.ts) so that the two test workers
 * share them. A failure prints fast-check's seed and the case; `PROPERTY_SEED=<seed>` runs the same
 * cases again (a failure is not shrunk: the database has moved on since), `PROPERTY_ROUTES=<regex>`
 * runs some routes only, `PROPERTY_RUNS=<n>` sets the cases a route, `PROPERTY_REPORT=1` prints
 * each route's figures.
 *
 * `npm test` (and so CI) gives each route 50 cases: 6,300 requests, 22 s of the two files' 58 s at
 * 200 on a quiet 2-core machine, where the whole suite has 90 s. The proof's run gives each 200
 * (`PROPERTY_RUNS=200 npx vitest run tests/properties`, figures in docs/security.md, "Proofs").
 * The seed is fixed: each run makes the same cases, so a failure is the code's, not the draw's.
 */

const RUNS = Number(process.env.PROPERTY_RUNS ?? 50);
const SEED = Number(process.env.PROPERTY_SEED ?? 20261201);

// ---------------------------------------------------------------------------------------------
// Generated values.

/** Values a field should refuse or take in its stride: edges of numbers, dates, text and types. */
const ODD_VALUES = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x".repeat(5000),
  "🙂".repeat(300),
  -1,
  0,
  1,
  0.5,
  -0.0001,
  2 ** 31,
  2 ** 53 + 1,
  -(2 ** 63),
  1e308,
  -1e308,
  "1e400",
  "NaN",
  "Infinity",
  "2026-02-30",
  "2026-13-01",
  "0000-01-01",
  "9999-12-31",
  "-271821-04-20",
  "+275760-09-13",
  "2026-11-20T25:00:00Z",
  "2026-11-20T10:00:00+25:00",
  "24:00",
  "23:59:60",
  "00000000-0000-0000-0000-000000000000",
  "FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF",
  "family:00000000-0000-4000-8000-000000000000",
  "' OR '1'='1",
  "1; DROP TABLE users; --",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "%00",
  "__proto__",
  true,
  false,
  null,
  [],
  {},
  [null],
  { __proto__: { admin: true } },
  JSON.parse('{"__proto__":{"polluted":true}}'),
  { constructor: { prototype: { polluted: true } } },
];

const oddValue = fc.oneof(
  { arbitrary: fc.constantFrom(...ODD_VALUES), weight: 4 },
  { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 3 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 2 },
  { arbitrary: fc.integer(), weight: 1 },
  { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }), weight: 1 },
  { arbitrary: fc.uuid(), weight: 1 },
  {
    arbitrary: fc
      .date({ min: new Date("1800-01-01"), max: new Date("2300-01-01"), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
    weight: 1,
  },
);

/** A body: the route's valid one changed, or anything else a client could send. */
type BodyCase =
  | { kind: "valid" }
  | { kind: "changed"; edits: { key: number; drop: boolean; value: unknown }[] }
  | { kind: "extra"; key: string; value: unknown }
  | { kind: "json"; value: unknown }
  | { kind: "object"; value: Record<string, unknown> }
  | { kind: "text"; text: string }
  | { kind: "none" };

const bodyCase: fc.Arbitrary<BodyCase> = fc.oneof(
  { arbitrary: fc.constant({ kind: "valid" as const }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant("changed" as const),
      edits: fc.array(fc.record({ key: fc.nat(), drop: fc.boolean(), value: oddValue }), {
        minLength: 1,
        maxLength: 3,
      }),
    }),
    weight: 8,
  },
  {
    arbitrary: fc.record({ kind: fc.constant("extra" as const), key: fc.string(), value: oddValue }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant("json" as const), value: fc.jsonValue() }), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant("object" as const),
      value: fc.dictionary(fc.string({ maxLength: 12 }), oddValue, { maxKeys: 6 }),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant("text" as const),
      text: fc.oneof(fc.string(), fc.constantFrom("{", '{"a":', "[1,", "\u0000", "{}{}", '{"a":1}x')),
    }),
    weight: 1,
  },
  { arbitrary: fc.constant({ kind: "none" as const }), weight: 1 },
);

/** An id in the address: the family's own, another family's, a new UUID, or any text. */
type IdCase =
  | { kind: "own"; n: number }
  | { kind: "other" }
  | { kind: "uuid"; value: string }
  | { kind: "text"; value: string | number }
  | { kind: "raw"; value: string };

const idCase: fc.Arbitrary<IdCase> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant("own" as const), n: fc.nat() }), weight: 4 },
  { arbitrary: fc.constant({ kind: "other" as const }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant("uuid" as const), value: fc.uuid() }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant("text" as const),
      value: fc.oneof(
        fc.string({ unit: "binary", maxLength: 30 }),
        fc.constantFrom(...ODD_VALUES.filter((v) => typeof v === "string" || typeof v === "number")),
        fc.constant("x".repeat(400)),
      ),
    }),
    weight: 2,
  },
  // Sent as written: broken %-escapes, dots, a slash's escape.
  {
    arbitrary: fc.record({
      kind: fc.constant("raw" as const),
      value: fc.constantFrom("%", "%zz", "%E0%A4%A", "..", ".", "%2e%2e", "a%2Fb", "%00", "%C0%AE"),
    }),
    weight: 1,
  },
);

/** A query string: none, generated names and values, or odd ones written as they are. */
const queryCase = fc.oneof(
  { arbitrary: fc.constant(""), weight: 3 },
  {
    arbitrary: fc
      .dictionary(
        fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom("confirm", "childId", "limit", "after", "id")),
        fc.oneof(
          fc.string({ maxLength: 20 }),
          fc.constantFrom("true", "1", "-1", "", "null", "x".repeat(3000)),
        ),
        { maxKeys: 4 },
      )
      .map((q) => new URLSearchParams(q).toString()),
    weight: 3,
  },
  {
    arbitrary: fc.constantFrom(
      "%",
      "a=%zz",
      "a[b]=1",
      "a=1&a=2",
      "__proto__=x",
      "constructor[prototype][x]=1",
      "confirm=true",
      "confirm=true&confirm=false",
    ),
    weight: 1,
  },
);

/** An If-Match header now and then (the record layer reads it on a change). */
const ifMatchCase = fc.option(fc.stringMatching(/^[ -~]{0,12}$/), { freq: 4 });

interface Case {
  body: BodyCase;
  id: IdCase;
  query: string;
  ifMatch: string | null;
  bytes: Uint8Array;
}
const caseOf: fc.Arbitrary<Case> = fc.record({
  body: bodyCase,
  id: idCase,
  query: queryCase,
  ifMatch: ifMatchCase,
  bytes: fc.uint8Array({ maxLength: 64 }),
});

// ---------------------------------------------------------------------------------------------
// The families the routes act on.

const COLLECTIONS = RECORD_NAMES.flatMap((name) => {
  const declared: RecordTypeDeclaration = RECORD_TYPES[name];
  return "none" in declared.api ? [] : [{ name, ...declared.api, declared }];
});
type Collection = (typeof COLLECTIONS)[number];
const collectionAt = (path: string) => COLLECTIONS.find((c) => c.collection === path);

let t: TestApp;
/** Another family's records: their ids must read as missing. */
let stranger: Family;

/** A family of one group of routes: its owner's session and what the routes' ids point at. */
interface Family {
  owner: TestUser;
  password: string;
  /** The records of each collection, read again when a write was accepted. */
  known: Map<string, string[]>;
  /** An uploaded photo not yet given to a record (a photo record needs one of its own). */
  photo: string | undefined;
  /** An upload's address (its id and query) waiting for its bytes. */
  waitingUpload: string | undefined;
  serial: number;
}

async function newFamily(): Promise<Family> {
  preparedWrites = true;
  const owner = await signUp(t.app, { lastName: "Rivera" });
  return {
    owner,
    password: PASSWORD,
    known: new Map(),
    serial: 0,
    photo: undefined,
    waitingUpload: undefined,
  };
}

const PHOTO = sharp({ create: { width: 8, height: 8, channels: 3, background: "#39c" } })
  .jpeg()
  .toBuffer();

/**
 * An uploaded photo for a record. A family may ask for 30 upload addresses an hour and have 3
 * waiting (objects.routes.ts), and this clock stands still: past that, the group goes on with a
 * new family.
 */
async function uploadPhoto(f: Family): Promise<string> {
  preparedWrites = true;
  const photo = await PHOTO;
  let asked = await f.owner.post("/api/objects/upload", { size: photo.length });
  if (asked.statusCode === 429) {
    Object.assign(f, await newFamily());
    asked = await f.owner.post("/api/objects/upload", { size: photo.length });
  }
  if (asked.statusCode !== 200) throw new Error(problem("asking to upload a photo", asked));
  return finishUpload(f, asked.json().uploadURL, photo);
}

/** The family's uploaded photo not yet given to a record, uploaded now if there is none. */
async function unusedPhoto(f: Family): Promise<string> {
  f.photo ??= await uploadPhoto(f);
  return f.photo;
}

async function finishUpload(f: Family, uploadURL: string, photo: Buffer): Promise<string> {
  const asked = { uploadURL };
  await t.app.inject({
    method: "PUT",
    url: asked.uploadURL,
    headers: { cookie: f.owner.cookie, "content-type": "image/jpeg" },
    payload: photo,
  });
  return (await f.owner.put("/api/objects/metadata", { photoUrl: asked.uploadURL.split("?")[0] })).json()
    .objectPath;
}

/** The ids a collection of the family holds now, making one (and what it links to) if it holds none. */
async function idsOf(f: Family, path: string): Promise<string[]> {
  const known = f.known.get(path);
  if (known?.length) return known;
  const list = await f.owner.get(path);
  let ids = (list.json() as { id: string }[]).map((r) => r.id);
  if (!ids.length) {
    preparedWrites = true;
    const made = await f.owner.post(path, await validBody(f, collectionAt(path)!));
    if (made.statusCode !== 201) throw new Error(`could not make a record of ${path}: ${made.body}`);
    if (collectionAt(path)!.declared.restore?.photo) f.photo = undefined;
    ids = [made.json().id];
  }
  f.known.set(path, ids);
  return ids;
}

/** A collection's valid body, from its declaration, linking the family's own records. */
async function validBody(f: Family, c: Collection): Promise<Record<string, unknown>> {
  const links: Record<string, string> = {};
  const needs: string[] = [];
  // The example names what it links to: ask with a recorder first, then fill in.
  const photoUrl = c.declared.restore?.photo ? await unusedPhoto(f) : "";
  c.example({
    id: (name) => {
      needs.push(name);
      return "";
    },
    today: today(),
    serial: 0,
    photoUrl,
  });
  for (const name of needs) {
    const path = COLLECTIONS.find((x) => x.name === (name as RecordName))!.collection;
    links[name] = (await idsOf(f, path))[0]!;
  }
  f.serial += 1;
  return c.example({ id: (name) => links[name]!, today: today(), serial: f.serial, photoUrl });
}

// ---------------------------------------------------------------------------------------------
// The route table: what each write route is sent, and how an accepted request is read back.

interface Sent {
  url: string;
  body: unknown;
  id?: string;
}

interface RouteSpec {
  /** A body the route accepts, made for the family. */
  valid?: (f: Family) => Promise<unknown> | unknown;
  /** The ids its address parameter stands for (the family's own). */
  ids?: (f: Family) => Promise<string[]>;
  /** What is sent besides JSON (an upload's bytes, a restore's file). */
  contentType?: string;
  /** A public route: sent signed out, from an address of its own each time. */
  public?: true;
  /**
   * Tables a refused request writes by design, and why: an attempt is counted before the password
   * is checked (docs/security.md, "Accounts"), and so on.
   */
  counts?: string[];
  /** After an accepted request, the family (or person) is gone: the next case needs a new one. */
  ends?: true;
  /** Reads an accepted request back; answers what is wrong, or nothing. */
  readBack: (f: Family, sent: Sent, answer: LightMyRequestResponse) => Promise<string | undefined>;
}

const problem = (what: string, response: LightMyRequestResponse) =>
  `${what}: ${response.statusCode} ${response.body.slice(0, 300)}`;

/** The answer's record is in the list at `url` (or, with `gone`, is not). */
const listed =
  (url: string | ((sent: Sent) => string), key = "id", gone = false) =>
  async (f: Family, sent: Sent, answer: LightMyRequestResponse) => {
    const id = gone ? sent.id : answer.json()[key];
    const list = await f.owner.get(typeof url === "string" ? url : url(sent));
    if (list.statusCode !== 200) return problem(`reading ${String(url)}`, list);
    const found = (list.json() as Record<string, unknown>[]).some((r) => r[key] === id);
    return found === gone ? `${id} is ${gone ? "still" : "not"} listed at ${String(url)}` : undefined;
  };

/** The record named in the address is listed at `url` as revoked (a link or a token stays listed). */
const revoked = (url: string) => async (f: Family, sent: Sent) => {
  const list = (await f.owner.get(url)).json() as { id: string; revokedAt: string | null }[];
  const found = list.find((r) => r.id === sent.id);
  return !found || found.revokedAt ? undefined : `${sent.id} is not revoked at ${url}`;
};

/** `url` answers what the change answered. */
const readsAs =
  (url: string, pick?: (body: Record<string, unknown>) => unknown) =>
  async (f: Family, _sent: Sent, answer: LightMyRequestResponse) => {
    const read = await f.owner.get(url);
    if (read.statusCode !== 200) return problem(`reading ${url}`, read);
    const [a, b] = [answer.json(), read.json()].map((x) => (pick ? pick(x) : x));
    return JSON.stringify(a) === JSON.stringify(b)
      ? undefined
      : `${url} reads ${read.body}, not ${answer.body}`;
  };

/** `url` answers 200 after the change (what the change did is seen elsewhere: a mail, a file). */
const readable = (url: string) => async (f: Family) => {
  const read = await f.owner.get(url);
  return read.statusCode === 200 ? undefined : problem(`reading ${url}`, read);
};

/** A collection's routes: create, its changes and delete, read back through `GET <path>/:id`. */
function collectionRoutes(c: Collection): Record<string, RouteSpec> {
  const path = c.collection;
  const ids = (f: Family) => idsOf(f, path);
  const readOne = async (f: Family, id: string) => f.owner.get(`${path}/${encodeURIComponent(id)}`);
  const routes: Record<string, RouteSpec> = {
    [`POST ${path}`]: {
      valid: (f) => validBody(f, c),
      readBack: async (f, _sent, answer) => {
        if (c.declared.restore?.photo) f.photo = undefined;
        const read = await readOne(f, answer.json().id);
        return read.statusCode === 200 && read.json().id === answer.json().id
          ? undefined
          : problem(`reading the new ${path} record`, read);
      },
    },
    [`DELETE ${path}/:id`]: {
      ids,
      readBack: async (f, sent) => {
        const read = await readOne(f, sent.id!);
        return read.statusCode === 404 ? undefined : problem(`reading the deleted ${path} record`, read);
      },
    },
  };
  for (const method of c.update) {
    routes[`${method} ${path}/:id`] = {
      valid: (f) => validBody(f, c),
      ids,
      readBack: async (f, sent, answer) => {
        const read = await readOne(f, sent.id!);
        return read.statusCode === 200 && read.json().version === answer.json().version
          ? undefined
          : problem(`reading the changed ${path} record (answered version ${answer.json().version})`, read);
      },
    };
  }
  return routes;
}

const listIds =
  (url: string, key = "id") =>
  async (f: Family) =>
    ((await f.owner.get(url)).json() as Record<string, string>[]).map((r) => r[key]!);

/** The ids listed at `url` (read again after an accepted case), making one if there is none. */
async function ensure(f: Family, url: string, make: () => Promise<unknown>, key = "id") {
  const known = f.known.get(url);
  if (known?.length) return known;
  let ids = await listIds(url, key)(f);
  if (!ids.length) {
    preparedWrites = true;
    await make();
    ids = await listIds(url, key)(f);
  }
  f.known.set(url, ids);
  return ids;
}

const taskIds = async (f: Family) => (await idsOf(f, "/api/tasks")).map((id) => `family:${id}`);
const supplyId = async (f: Family) => (await idsOf(f, "/api/tpn-supplies"))[0]!;
const childId = async (f: Family) => (await idsOf(f, "/api/children"))[0]!;
const stockEventsListed = async (f: Family, _sent: Sent, answer: LightMyRequestResponse) => {
  const events = (await f.owner.get("/api/supply-stock-events?limit=500")).json() as { id: string }[];
  const missing = (answer.json() as { id: string }[]).filter((e) => !events.some((x) => x.id === e.id));
  return missing.length ? `stock events not listed: ${missing.map((e) => e.id).join(", ")}` : undefined;
};

const INBOX_TEST = { channel: "inbox" };

const ROUTES: Record<string, RouteSpec> = {
  ...Object.assign({}, ...COLLECTIONS.map(collectionRoutes)),

  // Supplies: a delivery and a count, every line or none.
  "POST /api/tpn-supplies/receipts": {
    valid: async (f) => ({ lines: [{ supplyId: await supplyId(f), quantity: 2 }] }),
    readBack: stockEventsListed,
  },
  "POST /api/tpn-supplies/counts": {
    valid: async (f) => ({ lines: [{ supplyId: await supplyId(f), counted: 40 }] }),
    readBack: stockEventsListed,
  },

  // Care tasks.
  "POST /api/tasks/:id/done": {
    valid: () => ({}),
    ids: taskIds,
    readBack: async (f, sent) => readable(`/api/tasks/${encodeURIComponent(sent.id!)}/history`)(f),
  },
  "POST /api/tasks/:id/snooze": {
    valid: () => ({}),
    ids: taskIds,
    readBack: async (f, sent) => readable(`/api/tasks/${encodeURIComponent(sent.id!)}/history`)(f),
  },
  "POST /api/tasks/:id/ack": {
    valid: () => ({}),
    ids: taskIds,
    readBack: async (f, sent) => readable(`/api/tasks/${encodeURIComponent(sent.id!)}/history`)(f),
  },
  "PATCH /api/family/task-settings": {
    valid: () => ({ labsEveryWeeks: 3 }),
    readBack: readsAs("/api/family/task-settings"),
  },
  "PUT /api/family/reminders": {
    valid: () => ({ onDuty: {}, order: [] }),
    readBack: readsAs("/api/family/reminders"),
  },

  // The family, its members, invitations and links.
  "PATCH /api/family": { valid: () => ({ name: "Rivera family" }), readBack: readsAs("/api/auth/user") },
  "PUT /api/family/contact": {
    valid: () => ({ name: "Maria Lopez", phone: "555-0142" }),
    readBack: readsAs("/api/family/contact"),
  },
  // The person goes on in a new family of their own, empty.
  "DELETE /api/family": {
    readBack: async (f) => {
      const user = await f.owner.get("/api/auth/user");
      const deleted = f.owner.familyId;
      f.owner.familyId = user.json().familyId;
      const children = await f.owner.get("/api/children");
      return user.statusCode === 200 && f.owner.familyId !== deleted && children.body === "[]"
        ? undefined
        : problem(`the person after their family ${deleted} was deleted`, user);
    },
  },
  "POST /api/family/leave": { readBack: readable("/api/auth/user") },
  "PATCH /api/family/members/:userId": {
    valid: () => ({ role: "viewer" }),
    ids: (f) => ensure(f, "/api/family/members", () => joinFamily(t, f.owner), "userId"),
    readBack: async (f, sent) => {
      const members = (await f.owner.get("/api/family/members")).json() as { userId: string; role: string }[];
      const role = members.find((m) => m.userId === sent.id)?.role;
      return role === (sent.body as { role?: string }).role
        ? undefined
        : `member ${sent.id} reads as ${role}`;
    },
  },
  "DELETE /api/family/members/:userId": {
    ids: (f) => ensure(f, "/api/family/members", () => joinFamily(t, f.owner), "userId"),
    readBack: listed("/api/family/members", "userId", true),
  },
  "POST /api/family/invitations": {
    valid: () => ({ email: uniqueEmail("invited"), role: "viewer" }),
    readBack: listed("/api/family/invitations"),
  },
  "DELETE /api/family/invitations/:id": {
    ids: (f) =>
      ensure(f, "/api/family/invitations", () =>
        f.owner.post("/api/family/invitations", { email: uniqueEmail("invited"), role: "viewer" }),
      ),
    readBack: listed("/api/family/invitations", "id", true),
  },
  "POST /api/family/invitations/:id/approve": {
    ids: (f) =>
      ensure(f, "/api/family/invitations", () =>
        f.owner.post("/api/family/invitations", { email: uniqueEmail("invited"), role: "viewer" }),
      ),
    readBack: readable("/api/family/members"),
  },
  "POST /api/invitations/request": { valid: () => ({ token: "x" }), readBack: readable("/api/auth/user") },
  "POST /api/invitations/accept": { valid: () => ({ token: "x" }), readBack: readable("/api/auth/user") },
  "POST /api/share-links": {
    valid: async (f) => ({ childId: await childId(f) }),
    readBack: listed("/api/share-links"),
  },
  "DELETE /api/share-links/:id": {
    ids: (f) =>
      ensure(f, "/api/share-links", async () =>
        f.owner.post("/api/share-links", { childId: await childId(f) }),
      ),
    readBack: revoked("/api/share-links"),
  },

  // The person's own: profile, sign-in, tokens, notifications.
  "PUT /api/profile": { valid: () => ({ firstName: "Maria" }), readBack: readsAs("/api/auth/user") },
  "PUT /api/auth/family": {
    valid: (f) => ({ familyId: f.owner.familyId }),
    readBack: async (_f, sent, answer) =>
      answer.json().familyId === (sent.body as { familyId: string }).familyId
        ? undefined
        : problem("the family in use", answer),
  },
  "POST /api/auth/email-confirmation": { counts: ["login_failures"], readBack: readable("/api/auth/user") },
  "POST /api/auth/password": {
    counts: ["login_failures"],
    valid: (f) => ({ currentPassword: f.password, newPassword: `${f.password}!` }),
    readBack: async (f, sent) => {
      f.password = (sent.body as { newPassword: string }).newPassword;
      const signIn = await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: f.owner.email, password: f.password },
        remoteAddress: uniqueAddress(),
      });
      return signIn.statusCode === 200 ? undefined : problem("signing in with the new password", signIn);
    },
  },
  "POST /api/auth/passkeys/registration/options": {
    readBack: async (_f, _sent, answer) =>
      answer.json().challenge ? undefined : problem("no challenge", answer),
  },
  "POST /api/auth/passkeys/registration/verify": {
    valid: () => ({}),
    readBack: readable("/api/auth/passkeys"),
  },
  "PATCH /api/auth/passkeys/:id": {
    valid: () => ({ name: "Phone" }),
    ids: (f) => ensure(f, "/api/auth/passkeys", () => addPasskey(f)),
    readBack: async (f, sent) => {
      const keys = (await f.owner.get("/api/auth/passkeys")).json() as { id: string; name: string }[];
      const name = keys.find((k) => k.id === sent.id)?.name;
      return name === (sent.body as { name: string }).name ? undefined : `passkey reads as ${name}`;
    },
  },
  "DELETE /api/auth/passkeys/:id": {
    ids: (f) => ensure(f, "/api/auth/passkeys", () => addPasskey(f)),
    readBack: listed("/api/auth/passkeys", "id", true),
  },
  "POST /api/auth/two-factor/setup": {
    counts: ["login_failures"],
    readBack: readable("/api/auth/two-factor"),
  },
  "POST /api/auth/two-factor/enable": {
    counts: ["login_failures"],
    valid: (f) => ({ code: "000000", password: f.password }),
    readBack: readable("/api/auth/two-factor"),
  },
  "POST /api/auth/two-factor/disable": {
    counts: ["login_failures"],
    valid: (f) => ({ password: f.password }),
    readBack: readable("/api/auth/two-factor"),
  },
  "POST /api/auth/two-factor/recovery-codes": {
    counts: ["login_failures"],
    valid: (f) => ({ password: f.password }),
    readBack: readable("/api/auth/two-factor"),
  },
  // Never the person's own session (no `ids`): ending it would end the cases' session.
  "DELETE /api/auth/sessions/:id": { readBack: readable("/api/auth/sessions") },
  "POST /api/auth/sessions/sign-out-others": { readBack: readable("/api/auth/sessions") },
  "POST /api/api-tokens": {
    valid: () => ({ name: "Script", mode: "read" }),
    readBack: listed("/api/api-tokens"),
  },
  "DELETE /api/api-tokens/:id": {
    ids: (f) =>
      ensure(f, "/api/api-tokens", () => f.owner.post("/api/api-tokens", { name: "Kept", mode: "read" })),
    readBack: revoked("/api/api-tokens"),
  },
  "POST /api/notifications/:id/ack": {
    ids: (f) =>
      ensure(f, "/api/notifications", () => f.owner.post("/api/notification-settings/test", INBOX_TEST)),
    readBack: readable("/api/notifications"),
  },
  "POST /api/notifications/ack-all": {
    readBack: async (f) => {
      const count = (await f.owner.get("/api/notifications/unread-count")).json();
      return JSON.stringify(count).match(/:\s*0\b/)
        ? undefined
        : `unread after all read: ${JSON.stringify(count)}`;
    },
  },
  "PUT /api/notification-settings": {
    valid: () => ({ push: true, email: false, ntfy: { enabled: false } }),
    readBack: readable("/api/notification-settings"),
  },
  "POST /api/notification-settings/test": {
    valid: () => INBOX_TEST,
    readBack: async (f, _sent, answer) => {
      const id = answer.json().notification?.id;
      if (!id) return undefined; // a channel that sends outside the inbox says so and keeps nothing
      return listed("/api/notifications")(f, _sent, { json: () => ({ id }) } as LightMyRequestResponse);
    },
  },
  "POST /api/notification-settings/push-subscriptions": {
    valid: () => ({ endpoint: "https://push.example.org/x", keys: { p256dh: "x", auth: "y" } }),
    readBack: readable("/api/notification-settings"),
  },
  "DELETE /api/notification-settings/push-subscriptions": {
    valid: () => ({ endpoint: "https://push.example.org/x" }),
    readBack: readable("/api/notification-settings"),
  },
  "DELETE /api/notification-settings/push-subscriptions/:id": {
    readBack: readable("/api/notification-settings"),
  },

  // Photos' uploads, exports and restores.
  "POST /api/objects/upload": {
    // An address asked for is counted against the hour, and the count taken back when the upload
    // is refused for another reason (too many waiting): two commits, nothing changed.
    counts: ["login_failures"],
    valid: () => ({ size: 1000 }),
    readBack: async (_f, _sent, answer) =>
      answer.json().uploadURL ? undefined : problem("no upload URL", answer),
  },
  "PUT /api/objects/upload/:id": {
    contentType: "image/jpeg",
    // One upload waiting, asked for again once a case has finished it.
    ids: async (f) => {
      if (!f.waitingUpload) {
        preparedWrites = true;
        const asked = await f.owner.post("/api/objects/upload", { size: 1000 });
        if (asked.statusCode === 429) Object.assign(f, await newFamily());
        const url = (
          asked.statusCode === 200 ? asked : await f.owner.post("/api/objects/upload", { size: 1000 })
        ).json().uploadURL as string;
        f.waitingUpload = url.slice("/api/objects/upload/".length);
      }
      return [f.waitingUpload];
    },
    // Its bytes are checked when the photo is kept (PUT /api/objects/metadata), not here.
    readBack: async () => undefined,
  },
  "PUT /api/objects/metadata": {
    valid: async (f) => ({ photoUrl: await unusedPhoto(f) }),
    readBack: async (f, _sent, answer) => {
      const read = await t.app.inject({ url: answer.json().objectPath, headers: { cookie: f.owner.cookie } });
      return read.statusCode === 200 ? undefined : problem("reading the photo", read);
    },
  },
  "POST /api/account/export-email": {
    counts: ["login_failures"],
    valid: () => ({ format: "json" }),
    readBack: async () => undefined,
  },
  "POST /api/account/import": { contentType: "application/json", readBack: readable("/api/account/import") },
  "DELETE /api/account/child-profile": {
    readBack: async (f) => {
      f.known.clear();
      const children = await f.owner.get("/api/children");
      return children.body === "[]" ? undefined : problem("children after the deletion", children);
    },
  },
  "DELETE /api/account/user": {
    ends: true,
    readBack: async (f) => {
      const user = await f.owner.get("/api/auth/user");
      return user.statusCode === 401 ? undefined : problem("the deleted person's session", user);
    },
  },

  // Public routes: sign-up, sign-in and what a link opens.
  "POST /api/auth/register": {
    public: true,
    counts: ["login_failures"],
    valid: () => ({ email: uniqueEmail(), password: PASSWORD, firstName: "Ana", lastName: "Ruiz" }),
    readBack: signedInBy,
  },
  "POST /api/auth/login/two-factor": {
    public: true,
    counts: ["login_failures"],
    // Signed out, no password was checked first: no code can be accepted.
    readBack: async (_f, _sent, answer) => problem("a code taken without a password first", answer),
  },
  "POST /api/auth/login": {
    public: true,
    counts: ["login_failures"],
    valid: (f) => ({ email: f.owner.email, password: f.password }),
    readBack: signedInBy,
  },
  "POST /api/auth/email-confirmation/confirm": {
    public: true,
    valid: () => ({ token: "x".repeat(43) }),
    readBack: async () => undefined,
  },
  "POST /api/auth/password-reset": {
    public: true,
    counts: ["login_failures"],
    valid: (f) => ({ email: f.owner.email }),
    readBack: async () => undefined,
  },
  "POST /api/auth/password-reset/confirm": {
    public: true,
    counts: ["login_failures"],
    valid: () => ({ token: "x".repeat(43), password: PASSWORD }),
    readBack: async () => undefined,
  },
  "POST /api/auth/passkeys/authentication/options": {
    public: true,
    readBack: async (_f, _sent, answer) =>
      answer.json().challenge ? undefined : problem("no challenge", answer),
  },
  "POST /api/auth/passkeys/authentication/verify": {
    public: true,
    counts: ["login_failures"],
    valid: () => ({}),
    readBack: signedInBy,
  },
  "POST /api/invitations/preview": {
    public: true,
    valid: () => ({ token: "x" }),
    readBack: async () => undefined,
  },
  "POST /api/reminder-actions/:token": {
    public: true,
    valid: () => ({}),
    ids: async () => ["x".repeat(43)],
    readBack: async () => undefined,
  },
};

async function signedInBy(_f: Family, _sent: Sent, answer: LightMyRequestResponse) {
  const user = await t.app.inject({ url: "/api/auth/user", headers: { cookie: sessionCookie(answer) } });
  return user.statusCode === 200 ? undefined : problem("the new session", user);
}

let passkeys = 0;
async function addPasskey(f: Family) {
  preparedWrites = true;
  passkeys += 1;
  await queryRows(
    t.database,
    sql`insert into passkey_credentials (user_id, credential_id, public_key, name) values (${f.owner.id}, ${`cred-${passkeys}`}, 'key', 'Phone')`,
  );
}

// ---------------------------------------------------------------------------------------------
// Sending a case, and checking the database did not move.

/**
 * The database's next transaction id: it moves only when a transaction wrote something (committed
 * or not). This app alone uses the database, and its timed jobs wait for the test to run them.
 */
async function nextTransaction(): Promise<string> {
  const [row] = await queryRows(t.database, sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`);
  return String(row!.x);
}

/** Whether any transaction from `from` up to (not including) `to` committed. */
async function committedBetween(from: string, to: string): Promise<boolean> {
  const [row] = await queryRows(
    t.database,
    sql`select coalesce(bool_or(pg_xact_status(x::text::xid8) = 'committed'), false) as committed
        from generate_series(${from}::bigint, ${to}::bigint - 1) x`,
  );
  return row!.committed === true;
}

/** Set when getting a case ready wrote something (a record to change, a photo): see `exercise`. */
let preparedWrites = false;

let TABLES: string[] = [];
/**
 * Every table but the sessions' (and those a route counts attempts in): its rows' count and the
 * newest transaction that wrote one of them. A committed insert or update brings a newer
 * transaction; a delete, one row fewer (or, with an insert, a newer transaction): any committed
 * change shows, without reading the rows' contents.
 */
async function fingerprint(leaveOut: string[] = []): Promise<Record<string, string>> {
  const tables = TABLES.filter((name) => !leaveOut.includes(name));
  const parts = tables.map(
    (name) =>
      sql`select ${name} as name, count(*) || ':' || coalesce(max(x.xmin::text::bigint), 0) as digest from ${sql.identifier(name)} x`,
  );
  const rows = await queryRows(t.database, sql.join(parts, sql` union all `));
  return Object.fromEntries(rows.map((r) => [String(r.name), String(r.digest)]));
}

function addressOf(key: string, id: string | undefined, query: string): string {
  const [, template] = key.split(" ") as [string, string];
  const path = template.replace(/:[a-zA-Z]+/, id ?? "");
  return query ? `${path}${path.includes("?") ? "&" : "?"}${query}` : path;
}

async function idFor(f: Family, spec: RouteSpec, c: IdCase): Promise<string> {
  if (c.kind === "uuid" || c.kind === "raw") return c.value;
  if (c.kind === "text") return encodeURIComponent(String(c.value));
  if (c.kind === "other") {
    const theirs = spec.ids ? await spec.ids(stranger).catch(() => []) : [];
    return theirs[0] ?? randomUUID();
  }
  const own = spec.ids ? await spec.ids(f) : [];
  // The server's own ids (UUIDs, `family:<uuid>`, an upload's id and its signature) as it wrote them.
  return own.length ? own[c.n % own.length]! : randomUUID();
}

async function bodyFor(f: Family, spec: RouteSpec, c: BodyCase, bytes: Uint8Array) {
  if (spec.contentType === "image/jpeg") return { payload: Buffer.from(bytes), value: bytes };
  if (c.kind === "none") return { payload: undefined, value: undefined };
  if (c.kind === "text") return { payload: c.text, value: c.text };
  if (c.kind === "json") return { payload: JSON.stringify(c.value) ?? "null", value: c.value };
  if (c.kind === "object") return { payload: JSON.stringify(c.value), value: c.value };
  const valid = ((await spec.valid?.(f)) ?? {}) as Record<string, unknown>;
  let value: unknown = valid;
  if (c.kind === "extra") value = { ...valid, [c.key]: c.value };
  if (c.kind === "changed") {
    const changed: Record<string, unknown> = { ...valid };
    const keys = Object.keys(valid);
    for (const edit of c.edits) {
      // On a body of lines, edit a line's fields too.
      if (Array.isArray(changed.lines) && edit.key % 2 === 1) {
        const line = { ...(changed.lines[0] as Record<string, unknown>) };
        const lineKeys = Object.keys(line);
        const name = lineKeys[edit.key % lineKeys.length]!;
        if (edit.drop) delete line[name];
        else line[name] = edit.value;
        changed.lines = [line];
        continue;
      }
      const name = keys.length && edit.key % 3 !== 0 ? keys[edit.key % keys.length]! : `field${edit.key % 5}`;
      if (edit.drop) delete changed[name];
      else changed[name] = edit.value;
    }
    value = changed;
  }
  return { payload: JSON.stringify(value), value };
}

const isEnvelope = (response: LightMyRequestResponse) => {
  try {
    const body = response.json();
    return (
      typeof body === "object" &&
      body !== null &&
      typeof body.message === "string" &&
      body.message.length > 0 &&
      (body.issues === undefined ||
        (Array.isArray(body.issues) &&
          body.issues.every(
            (i: unknown) =>
              typeof (i as { path?: unknown }).path === "string" &&
              typeof (i as { message?: unknown }).message === "string",
          )))
    );
  } catch {
    return false;
  }
};

interface Tally {
  route: string;
  cases: number;
  accepted: number;
  refused: number;
  /** Refused cases whose transaction wrote, then rolled back. */
  rolledBack: number;
  /** Refused cases that committed an attempt's count (a route with `counts`). */
  counted: number;
  ms: number;
  /** Of which: taking the database's fingerprints, and the requests themselves. */
  fingerprintMs: number;
  requestMs: number;
  /** The process's CPU time (user and system): on a shared machine, steadier than the clock's. */
  cpuMs: number;
}
const tallies: Tally[] = [];

/** Runs RUNS generated cases against one route, on the group's family. */
async function exercise(key: string, family: () => Promise<Family>) {
  const spec = ROUTES[key]!;
  const [method] = key.split(" ") as [InjectOptions["method"], string];
  let f = await family();
  const tally: Tally = {
    route: key,
    cases: 0,
    accepted: 0,
    refused: 0,
    rolledBack: 0,
    counted: 0,
    ms: 0,
    fingerprintMs: 0,
    requestMs: 0,
    cpuMs: 0,
  };
  const timed = async <T>(into: "fingerprintMs" | "requestMs", work: Promise<T>) => {
    const start = performance.now();
    const result = await work;
    tally[into] += performance.now() - start;
    return result;
  };
  const started = performance.now();
  const cpu = process.cpuUsage();
  // A refused request must commit nothing. Only a route that counts attempts (`counts`) may
  // commit, and only to those tables: for it, the other tables' digests are compared.
  const counting = Boolean(spec.counts?.length);
  let baseline: Record<string, string> = {};
  let stale = counting;
  let last = await nextTransaction();
  await fc.assert(
    fc.asyncProperty(caseOf, async (c) => {
      tally.cases += 1;
      // What the case needs (a record to change, a photo to link) may be made first: the
      // database's state before the request is taken after that.
      preparedWrites = false;
      const id = key.includes("/:") ? await idFor(f, spec, c.id) : undefined;
      const url = addressOf(key, id, c.query);
      const { payload, value } = await bodyFor(f, spec, c.body, c.bytes);
      let before = last;
      if (preparedWrites) {
        before = await nextTransaction();
        stale = counting;
      }
      if (stale) {
        baseline = await timed("fingerprintMs", fingerprint(spec.counts));
        stale = false;
      }
      const response = await timed(
        "requestMs",
        t.app.inject({
          method,
          url,
          ...(spec.public ? { remoteAddress: uniqueAddress() } : {}),
          headers: {
            ...(spec.public ? {} : { cookie: f.owner.cookie }),
            ...(payload === undefined ? {} : { "content-type": spec.contentType ?? "application/json" }),
            ...(c.ifMatch === null ? {} : { "if-match": c.ifMatch }),
          },
          ...(payload === undefined ? {} : { payload }),
        }),
      );
      const what = `${method} ${url} with ${String(payload).slice(0, 300)}${c.ifMatch === null ? "" : ` (If-Match ${c.ifMatch})`}`;
      if (response.statusCode >= 500 || response.statusCode < 200)
        throw new Error(`${what}: ${response.statusCode} ${response.body}`);
      if (response.statusCode >= 300) {
        tally.refused += 1;
        if (!isEnvelope(response))
          throw new Error(`${what}: ${response.statusCode} without the error envelope: ${response.body}`);
        const after = await nextTransaction();
        last = after;
        if (after === before) return;
        if (!(await committedBetween(before, after))) {
          tally.rolledBack += 1;
          return;
        }
        if (!counting) throw new Error(`${what}: ${response.statusCode}, yet a change was committed`);
        tally.counted += 1;
        const now = await timed("fingerprintMs", fingerprint(spec.counts));
        const changed = Object.keys(now).filter((name) => now[name] !== baseline[name]);
        if (changed.length)
          throw new Error(`${what}: ${response.statusCode}, yet changed ${changed.join(", ")}`);
        return;
      }
      tally.accepted += 1;
      const wrong = await spec
        .readBack(f, { url, body: value, id: id && decodeURIComponent(id) }, response)
        .catch((error: Error) => `reading it back failed: ${error.stack}`);
      if (wrong)
        throw new Error(`${what}: ${response.statusCode} ${response.body.slice(0, 200)}, but ${wrong}`);
      // A change may take records with it (a child's deleted, an invitation approved): the lists
      // are read again.
      f.known.clear();
      if (spec.ends) f = await family();
      last = await nextTransaction();
      stale = counting;
    }),
    { numRuns: RUNS, seed: SEED, endOnFailure: true },
  );
  tally.ms = Math.round(performance.now() - started);
  const used = process.cpuUsage(cpu);
  tally.cpuMs = Math.round((used.user + used.system) / 1000);
  tally.fingerprintMs = Math.round(tally.fingerprintMs);
  tally.requestMs = Math.round(tally.requestMs);
  tallies.push(tally);
  expect(tally.cases).toBeGreaterThanOrEqual(RUNS);
}

// ---------------------------------------------------------------------------------------------

const writeRoutes = () =>
  [...t.app.publicRoutes, ...t.app.signedInRoutes]
    .filter((r) => r.method !== "GET")
    .map((r) => `${r.method} ${r.url}`);

/** The groups of routes, each on a family of its own. */
const GROUPS: { name: string; has: (key: string) => boolean; fresh?: true }[] = [
  { name: "public routes", has: (key) => ROUTES[key]?.public === true },
  { name: "the account's end", has: (key) => Boolean(ROUTES[key]?.ends), fresh: true },
  {
    name: "the deletion of the family or its records",
    has: (key) => key === "DELETE /api/account/child-profile" || key === "DELETE /api/family",
  },
  {
    name: "the family, its members, invitations and links",
    has: (key) =>
      /\/api\/(family|invitations|share-links)/.test(key) &&
      !key.includes("task-settings") &&
      !key.includes("reminders"),
  },
  {
    name: "the person's sign-in, tokens and notifications",
    has: (key) => /\/api\/(auth|profile|api-tokens|notification)/.test(key),
  },
  { name: "photos, exports and restores", has: (key) => /\/api\/(objects|account|medical-photos)/.test(key) },
  { name: "records", has: () => true },
];

const groupOf = (key: string) => GROUPS.find((g) => g.has(key))!;

/** The app, the stranger's family, and the figures printed with PROPERTY_REPORT=1. */
function setUp() {
  beforeAll(async () => {
    t = await buildTestApp({}, undefined, { database: "embedded" });
    TABLES = (
      await queryRows(
        t.database,
        sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'sessions'
          order by table_name`,
      )
    ).map((r) => String(r.name));
    stranger = await newFamily();
    for (const c of COLLECTIONS) await idsOf(stranger, c.collection);
  }, 120_000);

  afterAll(async () => {
    const total = tallies.reduce(
      (sum, x) => ({
        cases: sum.cases + x.cases,
        accepted: sum.accepted + x.accepted,
        refused: sum.refused + x.refused,
        rolledBack: sum.rolledBack + x.rolledBack,
        counted: sum.counted + x.counted,
        ms: sum.ms + x.ms,
        cpuMs: sum.cpuMs + x.cpuMs,
      }),
      { cases: 0, accepted: 0, refused: 0, rolledBack: 0, counted: 0, ms: 0, cpuMs: 0 },
    );
    if (process.env.PROPERTY_REPORT) {
      for (const x of tallies) console.log(JSON.stringify(x));
      console.log(JSON.stringify({ routes: tallies.length, ...total }));
    }
    await t?.close();
  });
}

/** The groups' routes (all of them when `groups` is not given), with their checks. */
export function describeWriteRoutes(title: string, groups: string[]) {
  setUp();
  describe(title, () => {
    if (groups.includes("records"))
      it("has an entry for every write route of the route table, public and signed in", () => {
        const missing = writeRoutes().filter((key) => !ROUTES[key]);
        expect(missing).toEqual([]);
        const stale = Object.keys(ROUTES).filter((key) => !writeRoutes().includes(key));
        expect(stale).toEqual([]);
        expect(writeRoutes().length).toBeGreaterThan(100);
      });

    const only = process.env.PROPERTY_ROUTES ? new RegExp(process.env.PROPERTY_ROUTES) : undefined;
    for (const group of GROUPS.filter((g) => groups.includes(g.name))) {
      describe(group.name, () => {
        let shared: Promise<Family> | undefined;
        const family = () => {
          if (group.fresh) return newFamily();
          shared ??= newFamily();
          return shared;
        };
        const keys = Object.keys(ROUTES).filter((key) => groupOf(key) === group && (!only || only.test(key)));
        if (!keys.length) it.skip("(no route chosen by PROPERTY_ROUTES)", () => {});
        for (const key of keys) {
          it(
            `${key}: 4xx with the error envelope and nothing changed, or 2xx read back`,
            () => exercise(key, family),
            300_000,
          );
        }
      });
    }
  });
}
