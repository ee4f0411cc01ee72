import { sql } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeToken } from "../../tests/helpers/api-tokens";
import { invite, joinFamily } from "../../tests/helpers/family";
import { addChild } from "../../tests/helpers/owned-crud-contract";
import {
  buildTestApp,
  signUp,
  type TestApp,
  type TestUser,
  uniqueAddress,
  uniqueEmail,
} from "../../tests/helpers/test-app";
import { queryRows } from "../../tests/helpers/test-database";
import { today } from "../domain/dates";
import type { RecordTypeDeclaration } from "./modules/record-type-declaration";
import { LINKS, RECORD_NAMES, RECORD_TYPES, type RecordName } from "./modules/record-types";

/**
 * Who may call which route, checked on every route the server registers: a route with no case
 * here fails the test, so a new route cannot be forgotten. For each route:
 * - signed out: 401;
 * - a person of another family: 404 for that family's records (read, change, delete) and for a
 *   link to its child, line or supply;
 * - a viewer: reads 200, writes 403;
 * - a caregiver: records 2xx, the owner's management 403;
 * - a member limited to one child: the other child's records 404;
 * and the same for a program sending a personal API token (`Authorization: Bearer`):
 * - a revoked token: 401;
 * - a read-only token: like a viewer; a caregiver's read-and-write token: like a caregiver;
 * - any token: 403 on every route that needs "manage", "share" or "person" (but the few person
 *   routes a token may read, which say so: `token: "allowed"`; every person route says which);
 * - a token limited to one child, or another family's token: 404 as for the members;
 * and after every refused request, the family's data is exactly as before.
 */

type Need = "read" | "write" | "share" | "manage" | "person";

/** The family's records the routes reach: Ana's where a record belongs to a child. */
interface Family {
  owner: TestUser;
  sam: string;
  ana: string;
  ids: Record<string, string>;
  memberId: string;
  invitationId: string;
  shareLinkId: string;
  objectPath: string;
  uploadUrl: string;
  /** A notification in the owner's inbox. */
  notificationId: string;
  /** One of the owner's personal API tokens. */
  apiTokenId: string;
}

interface RouteCase {
  need: Need;
  url: (f: Family) => string;
  body?: (f: Family) => unknown;
  /** The URL names one of the family's records (or members, invitations, links): another family's person gets 404. */
  names?: true;
  /** The body links the family's child (Ana), line or supply: another family's person gets 404. */
  links?: true;
  /** The body links Ana (or her line): a member limited to Sam gets 404. */
  linksChild?: true;
  /** The record named is Ana's: a member limited to Sam gets 404. */
  childs?: true;
  /** For a caregiver's change: a fresh record of the family to change, so the shared ones stay. */
  fresh?: (f: Family) => Promise<string>;
  /** For a caregiver's create, when the shared body can be used once only (a photo's upload). */
  freshBody?: (f: Family) => Promise<unknown>;
  /** What a reader is answered when not 200 (a restore's report that does not exist). */
  readStatus?: number;
  /** Routes that change the person themselves (sign-out, deletion) or mail them: only the 401 is checked. */
  only401?: true;
  contentType?: string;
  /**
   * For a route of the person's own ("person"): whether a personal API token may call it (reading
   * who it acts as) or is refused (403, like every "manage" and "share" route). Every person route
   * says which; for the others their need decides.
   */
  token?: "allowed" | "refused";
}

/** The record types with a collection in the API, each with its example body (their declarations). */
const COLLECTIONS = RECORD_NAMES.flatMap((name) => {
  const declared: RecordTypeDeclaration = RECORD_TYPES[name];
  return "none" in declared.api ? [] : [{ name, ...declared.api, declared }];
});
type Collection = (typeof COLLECTIONS)[number];
const collectionOf = (path: string) => COLLECTIONS.find((c) => c.collection === path)!;

let serial = 0;
/** A type's example body, linking the family's records (Ana's where a record belongs to a child). */
const bodyOf = (c: Collection, photoUrl?: string) => (f: Family) =>
  c.example({
    id: (name) => f.ids[collectionPath(name as RecordName)]!,
    today: today(),
    serial: serial++,
    photoUrl: photoUrl ?? f.objectPath,
  });
const collectionPath = (name: RecordName) => COLLECTIONS.find((c) => c.name === name)!.collection;
/** A type whose records carry a photo: each create needs an upload of its own. */
const withPhoto = (c: Collection) => c.declared.restore?.photo === true;

/** Collections whose records link the family's child, line, supply or medication in their body. */
const LINKING = new Set(
  COLLECTIONS.filter((c) => Object.keys(LINKS[c.name]).length > 0 && !withPhoto(c)).map((c) => c.collection),
);
/** Collections whose records are Ana's (a child's own records, or the child). */
const CHILDS = new Set(
  COLLECTIONS.filter((c) => c.declared.childScope || c.declared.exportsOnlyChosenChild).map(
    (c) => c.collection,
  ),
);

/** A checked photo upload of the owner's, for one photo record. */
async function uploadPhoto(owner: TestUser): Promise<string> {
  const photo = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#39c" } })
    .jpeg()
    .toBuffer();
  const asked = (await owner.post("/api/objects/upload", { size: photo.length })).json();
  if (!asked.uploadURL) throw new Error(JSON.stringify(asked));
  await t.app.inject({
    method: "PUT",
    url: asked.uploadURL,
    headers: { cookie: owner.cookie, "content-type": "image/jpeg" },
    payload: photo,
  });
  return (await owner.put("/api/objects/metadata", { photoUrl: asked.uploadURL.split("?")[0] })).json()
    .objectPath;
}

async function create(f: Family, path: string): Promise<string> {
  const c = collectionOf(path);
  const body = bodyOf(c, withPhoto(c) ? await uploadPhoto(f.owner) : undefined)(f);
  const response = await f.owner.post(path, body);
  if (response.statusCode !== 201) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
  return response.json().id;
}

/** The cases of a record collection's routes (list, one, create, change, delete). */
function collection(c: Collection): Record<string, RouteCase> {
  const path = c.collection;
  const one = (f: Family) => `${path}/${f.ids[path]}`;
  const childs = CHILDS.has(path) ? ({ childs: true } as const) : {};
  const cases: Record<string, RouteCase> = {
    [`GET ${path}`]: { need: "read", url: () => path },
    [`GET ${path}/:id`]: { need: "read", url: one, names: true, ...childs },
    [`POST ${path}`]: {
      need: "write",
      url: () => path,
      body: bodyOf(c),
      ...(LINKING.has(path) ? { links: true as const } : {}),
      ...(CHILDS.has(path) && Object.keys(LINKS[c.name]).length > 0 ? { linksChild: true as const } : {}),
      ...(withPhoto(c) ? { freshBody: async (f: Family) => bodyOf(c, await uploadPhoto(f.owner))(f) } : {}),
    },
    [`DELETE ${path}/:id`]: {
      need: "write",
      url: one,
      names: true,
      ...childs,
      fresh: (f) => create(f, path),
    },
  };
  for (const method of c.update) {
    cases[`${method} ${path}/:id`] = {
      need: "write",
      url: one,
      body: bodyOf(c),
      names: true,
      ...childs,
      fresh: (f) => create(f, path),
    };
  }
  return cases;
}

const CASES: Record<string, RouteCase> = {
  // Each record type's collection, from its declaration.
  ...Object.assign({}, ...COLLECTIONS.map(collection)),
  "GET /api/pn-prescriptions/active": {
    need: "read",
    url: (f) => `/api/pn-prescriptions/active?childId=${f.sam}`,
  },
  "GET /api/pn-prescriptions/per-kg": {
    need: "read",
    url: (f) => `/api/pn-prescriptions/per-kg?childId=${f.sam}`,
  },
  "POST /api/tasks/:id/done": {
    need: "write",
    url: (f) => `/api/tasks/family:${f.ids["/api/tasks"]}/done`,
    body: () => ({}),
    names: true,
    childs: true,
  },
  // A family task comes due as it is made: it can be snoozed, acknowledged and its reminders read.
  "POST /api/tasks/:id/snooze": {
    need: "write",
    url: (f) => `/api/tasks/family:${f.ids["/api/tasks"]}/snooze`,
    body: () => ({}),
    names: true,
    childs: true,
  },
  "POST /api/tasks/:id/ack": {
    need: "write",
    url: (f) => `/api/tasks/family:${f.ids["/api/tasks"]}/ack`,
    body: () => ({}),
    names: true,
    childs: true,
  },
  "GET /api/tasks/:id/history": {
    need: "read",
    url: (f) => `/api/tasks/family:${f.ids["/api/tasks"]}/history`,
    names: true,
    childs: true,
  },
  "GET /api/family/reminders": { need: "read", url: () => "/api/family/reminders" },
  "PUT /api/family/reminders": {
    need: "write",
    url: () => "/api/family/reminders",
    body: () => ({ onDuty: {}, order: [] }),
  },
  "GET /api/family/task-settings": { need: "read", url: () => "/api/family/task-settings" },
  "GET /api/family/changes": { need: "read", url: () => "/api/family/changes" },
  "GET /api/family/contact": { need: "read", url: () => "/api/family/contact" },
  "PUT /api/family/contact": {
    need: "manage",
    url: () => "/api/family/contact",
    body: () => ({ name: "Maria Lopez", phone: "555-0142" }),
  },
  "PATCH /api/family/task-settings": {
    need: "manage",
    url: () => "/api/family/task-settings",
    body: () => ({ labsEveryWeeks: 3 }),
  },
  "GET /api/picc-lines/:id/care-status": {
    need: "read",
    url: (f) => `/api/picc-lines/${f.ids["/api/picc-lines"]}/care-status`,
    names: true,
    childs: true,
  },
  "GET /api/picc-lines/rates": { need: "read", url: (f) => `/api/picc-lines/rates?childId=${f.sam}` },
  "GET /api/growth": { need: "read", url: (f) => `/api/growth?childId=${f.sam}` },
  "GET /api/intake-output/balance": {
    need: "read",
    url: (f) => `/api/intake-output/balance?childId=${f.sam}`,
  },
  "GET /api/intake-output/weaning": {
    need: "read",
    url: (f) => `/api/intake-output/weaning?childId=${f.sam}`,
  },
  "GET /api/tpn/daily": { need: "read", url: (f) => `/api/tpn/daily?childId=${f.sam}` },
  "GET /api/symptoms/heatmap": { need: "read", url: () => "/api/symptoms/heatmap" },
  "GET /api/symptoms/pain": { need: "read", url: () => "/api/symptoms/pain" },
  "GET /api/tpn-supplies/low-stock": { need: "read", url: () => "/api/tpn-supplies/low-stock" },
  "GET /api/supply-stock-events": { need: "read", url: () => "/api/supply-stock-events" },
  "POST /api/tpn-supplies/receipts": {
    need: "write",
    url: () => "/api/tpn-supplies/receipts",
    body: (f) => ({ lines: [{ supplyId: f.ids["/api/tpn-supplies"], quantity: 2 }] }),
    links: true,
  },
  "POST /api/tpn-supplies/counts": {
    need: "write",
    url: () => "/api/tpn-supplies/counts",
    body: (f) => ({ lines: [{ supplyId: f.ids["/api/tpn-supplies"], counted: 400 }] }),
    links: true,
  },
  "GET /api/dashboard/stats": { need: "read", url: () => "/api/dashboard/stats" },
  "GET /api/dashboard/activity": { need: "read", url: () => "/api/dashboard/activity" },
  "GET /api/care-summary": { need: "read", url: () => "/api/care-summary" },
  "GET /api/account/export": { need: "read", url: () => "/api/account/export" },
  "GET /api/account/storage": { need: "read", url: () => "/api/account/storage" },
  "GET /api/backups": { need: "manage", url: () => "/api/backups" },
  "GET /api/account/import": { need: "read", url: () => "/api/account/import" },
  "GET /api/account/import/:id": {
    need: "read",
    url: () => "/api/account/import/00000000-0000-4000-8000-000000000000",
    readStatus: 404,
  },
  "GET /api/account/import/target": { need: "manage", url: () => "/api/account/import/target" },
  "POST /api/account/import": {
    need: "manage",
    url: () => "/api/account/import",
    body: () => "{}",
    contentType: "application/json",
  },
  "POST /api/account/export-email": { need: "read", url: () => "/api/account/export-email", only401: true },
  "DELETE /api/account/child-profile": { need: "manage", url: () => "/api/account/child-profile" },
  "POST /api/objects/upload": {
    need: "write",
    url: () => "/api/objects/upload",
    body: () => ({ size: 1000 }),
  },
  "PUT /api/objects/upload/:id": {
    need: "write",
    url: (f) => f.uploadUrl,
    body: () => "x",
    contentType: "image/jpeg",
  },
  "PUT /api/objects/metadata": {
    need: "write",
    url: () => "/api/objects/metadata",
    body: (f) => ({ photoUrl: f.objectPath }),
  },
  // The family.
  "PATCH /api/family": { need: "manage", url: () => "/api/family", body: () => ({ name: "Renamed" }) },
  "DELETE /api/family": { need: "manage", url: () => "/api/family" },
  "GET /api/family/members": { need: "manage", url: () => "/api/family/members" },
  "PATCH /api/family/members/:userId": {
    need: "manage",
    url: (f) => `/api/family/members/${f.memberId}`,
    body: () => ({ role: "viewer" }),
    names: true,
  },
  "DELETE /api/family/members/:userId": {
    need: "manage",
    url: (f) => `/api/family/members/${f.memberId}`,
    names: true,
  },
  "GET /api/family/invitations": { need: "manage", url: () => "/api/family/invitations" },
  "POST /api/family/invitations": {
    need: "manage",
    url: () => "/api/family/invitations",
    body: () => ({ email: uniqueEmail(), role: "viewer" }),
  },
  "DELETE /api/family/invitations/:id": {
    need: "manage",
    url: (f) => `/api/family/invitations/${f.invitationId}`,
    names: true,
  },
  "POST /api/family/invitations/:id/approve": {
    need: "manage",
    url: (f) => `/api/family/invitations/${f.invitationId}/approve`,
    names: true,
  },
  "GET /api/share-links": { need: "share", url: () => "/api/share-links" },
  "POST /api/share-links": {
    need: "share",
    url: () => "/api/share-links",
    body: (f) => ({ childId: f.ana }),
    links: true,
    linksChild: true,
  },
  "DELETE /api/share-links/:id": {
    need: "share",
    url: (f) => `/api/share-links/${f.shareLinkId}`,
    names: true,
    fresh: async (f) => (await f.owner.post("/api/share-links", { childId: f.ana })).json().id,
  },
  // The person's own: who they are, their sign-in, their account, which family they use.
  "GET /api/auth/user": { need: "person", token: "allowed", url: () => "/api/auth/user" },
  "POST /api/auth/email-confirmation": {
    need: "person",
    token: "refused",
    url: () => "/api/auth/email-confirmation",
    only401: true,
  },
  "POST /api/auth/password": {
    need: "person",
    token: "refused",
    url: () => "/api/auth/password",
    only401: true,
    body: () => ({}),
  },
  "GET /api/auth/passkeys": { need: "person", token: "refused", url: () => "/api/auth/passkeys" },
  "POST /api/auth/passkeys/registration/options": {
    need: "person",
    token: "refused",
    url: () => "/api/auth/passkeys/registration/options",
    only401: true,
  },
  "POST /api/auth/passkeys/registration/verify": {
    need: "person",
    token: "refused",
    url: () => "/api/auth/passkeys/registration/verify",
    only401: true,
    body: () => ({}),
  },
  "PATCH /api/auth/passkeys/:id": {
    need: "person",
    token: "refused",
    url: () => "/api/auth/passkeys/00000000-0000-4000-8000-000000000000",
    only401: true,
    body: () => ({ name: "Phone" }),
  },
  "DELETE /api/auth/passkeys/:id": {
    need: "person",
    token: "refused",
    url: () => "/api/auth/passkeys/00000000-0000-4000-8000-000000000000",
    only401: true,
  },
  "GET /api/auth/two-factor": { need: "person", token: "refused", url: () => "/api/auth/two-factor" },
  "POST /api/auth/two-factor/setup": {
    need: "person",
    token: "refused",
    url: () => "/api/auth/two-factor/setup",
    only401: true,
  },
  "POST /api/auth/two-factor/enable": {
    need: "person",
    token: "refused",
    url: () => "/api/auth/two-factor/enable",
    only401: true,
    body: () => ({ code: "123456", password: "not the password" }),
  },
  "POST /api/auth/two-factor/disable": {
    need: "person",
    token: "refused",
    url: () => "/api/auth/two-factor/disable",
    only401: true,
    body: () => ({ password: "not the password" }),
  },
  "POST /api/auth/two-factor/recovery-codes": {
    need: "person",
    token: "refused",
    url: () => "/api/auth/two-factor/recovery-codes",
    only401: true,
    body: () => ({ password: "not the password" }),
  },
  "GET /api/auth/sessions": { need: "person", token: "refused", url: () => "/api/auth/sessions" },
  "DELETE /api/auth/sessions/:id": {
    need: "person",
    token: "refused",
    url: () => "/api/auth/sessions/00000000-0000-4000-8000-000000000000",
    only401: true,
  },
  "POST /api/auth/sessions/sign-out-others": {
    need: "person",
    token: "refused",
    url: () => "/api/auth/sessions/sign-out-others",
    only401: true,
  },
  "PUT /api/profile": {
    need: "person",
    token: "refused",
    url: () => "/api/profile",
    body: () => ({ firstName: "Same" }),
    only401: true,
  },
  "DELETE /api/account/user": {
    need: "person",
    token: "refused",
    url: () => "/api/account/user",
    only401: true,
  },
  "PUT /api/auth/family": {
    need: "person",
    token: "refused",
    url: () => "/api/auth/family",
    body: () => ({}),
    only401: true,
  },
  "POST /api/family/leave": {
    need: "person",
    token: "refused",
    url: () => "/api/family/leave",
    only401: true,
  },
  "POST /api/invitations/accept": {
    need: "person",
    token: "refused",
    url: () => "/api/invitations/accept",
    body: () => ({ token: "x" }),
    only401: true,
  },
  "POST /api/invitations/request": {
    need: "person",
    token: "refused",
    url: () => "/api/invitations/request",
    body: () => ({ token: "x" }),
    only401: true,
  },
  // The person's notifications and their settings: their own in every family.
  "GET /api/notifications": { need: "person", token: "refused", url: () => "/api/notifications" },
  "GET /api/notifications/unread-count": {
    need: "person",
    token: "refused",
    url: () => "/api/notifications/unread-count",
  },
  "POST /api/notifications/:id/ack": {
    need: "person",
    token: "refused",
    url: (f) => `/api/notifications/${f.notificationId}/ack`,
    names: true,
  },
  "POST /api/notifications/ack-all": {
    need: "person",
    token: "refused",
    url: () => "/api/notifications/ack-all",
    only401: true,
  },
  "GET /api/notification-settings": {
    need: "person",
    token: "refused",
    url: () => "/api/notification-settings",
  },
  "PUT /api/notification-settings": {
    need: "person",
    token: "refused",
    url: () => "/api/notification-settings",
    body: () => ({ push: true, email: false, ntfy: { enabled: false } }),
    only401: true,
  },
  "POST /api/notification-settings/test": {
    need: "person",
    token: "refused",
    url: () => "/api/notification-settings/test",
    body: () => ({ channel: "inbox" }),
    only401: true,
  },
  "GET /api/notification-settings/push-key": {
    need: "person",
    token: "refused",
    url: () => "/api/notification-settings/push-key",
  },
  "POST /api/notification-settings/push-subscriptions": {
    need: "person",
    token: "refused",
    url: () => "/api/notification-settings/push-subscriptions",
    body: () => ({}),
    only401: true,
  },
  "DELETE /api/notification-settings/push-subscriptions": {
    need: "person",
    token: "refused",
    url: () => "/api/notification-settings/push-subscriptions",
    body: () => ({ endpoint: "https://push.example.org/x" }),
    only401: true,
  },
  "DELETE /api/notification-settings/push-subscriptions/:id": {
    need: "person",
    token: "refused",
    url: () => "/api/notification-settings/push-subscriptions/00000000-0000-4000-8000-000000000000",
    only401: true,
  },
  // The person's API tokens: never a token's to list, make or revoke.
  "GET /api/api-tokens": { need: "person", token: "refused", url: () => "/api/api-tokens" },
  "POST /api/api-tokens": {
    need: "person",
    token: "refused",
    url: () => "/api/api-tokens",
    body: () => ({ name: "Script", mode: "read" }),
  },
  "DELETE /api/api-tokens/:id": {
    need: "person",
    token: "refused",
    url: (f) => `/api/api-tokens/${f.apiTokenId}`,
    names: true,
  },
  "GET /api/notification-settings/deliveries": {
    need: "person",
    token: "refused",
    url: () => "/api/notification-settings/deliveries",
  },
};

let t: TestApp;
let f: Family;
let viewer: TestUser;
let caregiver: TestUser;
let sitter: TestUser;
let stranger: TestUser;
/** Programs sending personal API tokens, each from an address of its own. */
interface Program {
  token: string;
  address: string;
}
let readOnly: Program;
let caregivers: Program;
let samsOnly: Program;
let strangers: Program;
let revoked: Program;

/** The tables that hold a family's rows (the schema does not change while the file runs). */
let familyTables: Promise<{ name: string }[]> | undefined;

/** Everything of a family, as the database holds it: one digest per table. */
async function fingerprint(familyId: string) {
  familyTables ??= queryRows(
    t.database,
    sql`select table_name as name from information_schema.columns
        where table_schema = 'public' and column_name = 'family_id' order by table_name`,
  ) as Promise<{ name: string }[]>;
  const tables = await familyTables;
  const parts = tables.map(
    ({ name }) =>
      sql`(select md5(coalesce(string_agg(x::text, ',' order by x::text), '')) from ${sql.identifier(name)} x where x.family_id = ${familyId})`,
  );
  const [row] = await queryRows(
    t.database,
    sql`select ${sql.join(parts, sql` || `)} || (select f::text from families f where f.id = ${familyId}) as digest`,
  );
  return row!.digest as string;
}

beforeAll(async () => {
  t = await buildTestApp();
  const owner = await signUp(t.app, { lastName: "Lopez" });
  const sam = await addChild(owner, "Sam");
  const ana = await addChild(owner, "Ana");
  const objectPath = await uploadPhoto(owner);
  const pending = (await owner.post("/api/objects/upload", { size: 1000 })).json();
  f = {
    owner,
    sam,
    ana,
    ids: { "/api/children": ana },
    memberId: "",
    invitationId: "",
    shareLinkId: "",
    objectPath,
    uploadUrl: pending.uploadURL,
    notificationId: (await owner.post("/api/notification-settings/test", { channel: "inbox" })).json()
      .notification.id,
    apiTokenId: "",
  };
  // In the declarations' order: a record after the records it links to.
  for (const { collection: path } of COLLECTIONS) f.ids[path] ??= await create(f, path);
  viewer = await joinFamily(t, owner, { role: "viewer" });
  caregiver = await joinFamily(t, owner, { role: "caregiver" });
  sitter = await joinFamily(t, owner, { role: "caregiver", childIds: [sam] });
  f.memberId = viewer.id;
  f.invitationId = (await invite(owner)).id;
  f.shareLinkId = (await owner.post("/api/share-links", { childId: ana })).json().id;
  stranger = await signUp(t.app);
  await addChild(stranger, "Other");
  const program = async (user: TestUser, input: Parameters<typeof makeToken>[1]) => ({
    token: (await makeToken(user, input)).token,
    address: uniqueAddress(),
  });
  readOnly = await program(owner, { mode: "read" });
  caregivers = await program(caregiver, { mode: "write" });
  samsOnly = await program(owner, { mode: "write", childIds: [sam] });
  strangers = await program(stranger, { mode: "write" });
  const gone = await makeToken(owner, { mode: "write" });
  await owner.delete(`/api/api-tokens/${gone.id}`);
  revoked = { token: gone.token, address: uniqueAddress() };
  f.apiTokenId = (await makeToken(owner, { name: "Kept" })).id;
  // Each token's first use notes when it was used (then not again within the minute, and the
  // matrix's clock stands still): noted before any fingerprint is taken.
  for (const p of [readOnly, caregivers, samsOnly, strangers])
    await send(p, CASES["GET /api/auth/user"]!, "/api/auth/user");
}, 60_000);
afterAll(() => t?.close());

/** Sends a route's request as a person (their cookies), as a program (its token) or signed out. */
async function send(
  who: TestUser | Program | null,
  route: RouteCase,
  url: string,
  given?: unknown,
): Promise<LightMyRequestResponse> {
  const body = given ?? route.body?.(f);
  return t.app.inject({
    method: ((route as { method?: string }).method ?? "GET") as "GET",
    url,
    ...(who && "token" in who ? { remoteAddress: who.address } : {}),
    headers: {
      ...(who && "cookie" in who ? { cookie: who.cookie } : {}),
      ...(who && "token" in who ? { authorization: `Bearer ${who.token}` } : {}),
      ...(route.contentType ? { "content-type": route.contentType } : {}),
    },
    ...(body === undefined ? {} : { payload: body as string }),
  } satisfies InjectOptions);
}

/**
 * What a personal API token is answered on a route: as its role allows (a record's read or write),
 * or refused (403) whatever its role; undefined for a person route that does not say which.
 */
function tokenRule(route: RouteCase): "as-role" | "refused" | undefined {
  if (route.need === "manage" || route.need === "share") return "refused";
  if (route.need === "person") return route.token === "allowed" ? "as-role" : route.token;
  return "as-role";
}

const routes = () => t.app.signedInRoutes.map(({ method, url }) => ({ key: `${method} ${url}`, method }));
const caseOf = (key: string, method: string) => ({ ...CASES[key]!, method });

describe("the access matrix, from the route table", () => {
  it("has a case for every route the server registers", () => {
    const missing = routes()
      .map((r) => r.key)
      .filter((key) => !CASES[key]);
    expect(missing).toEqual([]);
    expect(routes().length).toBeGreaterThan(100);
  });

  it("answers a signed-out visitor 401 on every signed-in route, and changes nothing", async () => {
    const before = await fingerprint(f.owner.familyId);
    const wrong: string[] = [];
    for (const { key, method } of routes()) {
      const route = caseOf(key, method);
      const response = await send(null, route, route.url(f));
      if (response.statusCode !== 401) wrong.push(`${key}: ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
    expect(await fingerprint(f.owner.familyId)).toBe(before);
  });

  it("lets a viewer read and refuses every write with 403, changing nothing", async () => {
    const wrong: string[] = [];
    const before = await fingerprint(f.owner.familyId);
    for (const { key, method } of routes()) {
      const route = caseOf(key, method);
      if (route.only401 || route.need === "person") continue;
      const response = await send(viewer, route, route.url(f));
      const expected = route.need === "read" ? (route.readStatus ?? 200) : 403;
      if (response.statusCode !== expected)
        wrong.push(`${key}: ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
    expect(await fingerprint(f.owner.familyId)).toBe(before);
  });

  it("lets a caregiver read and write records and make clinic links, and refuses the owner's management with 403", async () => {
    const wrong: string[] = [];
    for (const { key, method } of routes()) {
      const route = caseOf(key, method);
      if (route.only401 || route.need === "person") continue;
      if (route.need === "manage") {
        const before = await fingerprint(f.owner.familyId);
        const response = await send(caregiver, route, route.url(f));
        if (response.statusCode !== 403) wrong.push(`${key}: ${response.statusCode}`);
        if ((await fingerprint(f.owner.familyId)) !== before) wrong.push(`${key}: changed the family`);
        continue;
      }
      if (key.startsWith("PUT /api/objects/")) continue; // an upload's own checks, not a role's
      let url = route.url(f);
      if (route.fresh) url = url.replace(/[^/]+$/, await route.fresh(f));
      const response = await send(caregiver, route, url, await route.freshBody?.(f));
      const expected = route.need === "read" ? (route.readStatus ?? 200) : undefined;
      const ok = expected
        ? response.statusCode === expected
        : response.statusCode >= 200 && response.statusCode < 300;
      if (!ok) wrong.push(`${key}: ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });

  it("answers a person of another family 404 for its records and for links to its child, line or supply", async () => {
    const wrong: string[] = [];
    const before = [await fingerprint(f.owner.familyId), await fingerprint(stranger.familyId)];
    for (const { key, method } of routes()) {
      const route = caseOf(key, method);
      if (route.only401 || !(route.names || route.links)) continue;
      const response = await send(stranger, route, route.url(f));
      if (response.statusCode !== 404)
        wrong.push(`${key}: ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
    expect([await fingerprint(f.owner.familyId), await fingerprint(stranger.familyId)]).toEqual(before);
  });

  it("answers a member limited to one child 404 for the other child's records, changing nothing", async () => {
    const wrong: string[] = [];
    const before = await fingerprint(f.owner.familyId);
    for (const { key, method } of routes()) {
      const route = caseOf(key, method);
      if (route.only401 || !(route.childs || route.linksChild) || route.need === "manage") continue;
      const response = await send(sitter, route, route.url(f));
      if (response.statusCode !== 404)
        wrong.push(`${key}: ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
    expect(await fingerprint(f.owner.familyId)).toBe(before);
  });
});

describe("the access matrix for personal API tokens, from the route table", () => {
  it("knows what a token is answered on every route: each person route says whether a token may call it", () => {
    const undecided = routes()
      .map(({ key, method }) => ({ key, rule: tokenRule(caseOf(key, method)) }))
      .filter(({ rule }) => rule === undefined)
      .map(({ key }) => key);
    expect(undecided).toEqual([]);
  });

  it("answers a revoked token 401 on every signed-in route, and changes nothing", async () => {
    const before = await fingerprint(f.owner.familyId);
    const wrong: string[] = [];
    for (const { key, method } of routes()) {
      const route = caseOf(key, method);
      const response = await send(revoked, route, route.url(f));
      if (response.statusCode !== 401) wrong.push(`${key}: ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
    expect(await fingerprint(f.owner.familyId)).toBe(before);
  });

  it("lets a read-only token read like a viewer, and refuses its writes and every manage, share or person route with 403, changing nothing", async () => {
    const wrong: string[] = [];
    const before = await fingerprint(f.owner.familyId);
    for (const { key, method } of routes()) {
      const route = caseOf(key, method);
      const rule = tokenRule(route);
      // A refused route is refused before its body is read, so even one that mails or deletes is sent.
      if (route.only401 && rule !== "refused") continue;
      const response = await send(readOnly, route, route.url(f));
      const expected =
        rule === "as-role" && (route.need === "read" || route.need === "person")
          ? (route.readStatus ?? 200)
          : 403;
      if (response.statusCode !== expected)
        wrong.push(`${key}: ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
    expect(await fingerprint(f.owner.familyId)).toBe(before);
  });

  it("lets a caregiver's read-and-write token read and write records like the caregiver, and refuses every manage, share or person route with 403", async () => {
    const wrong: string[] = [];
    for (const { key, method } of routes()) {
      const route = caseOf(key, method);
      const rule = tokenRule(route);
      if (rule === "refused") {
        const before = await fingerprint(f.owner.familyId);
        const response = await send(caregivers, route, route.url(f));
        if (response.statusCode !== 403) wrong.push(`${key}: ${response.statusCode}`);
        if ((await fingerprint(f.owner.familyId)) !== before) wrong.push(`${key}: changed the family`);
        continue;
      }
      if (route.only401) continue;
      if (key.startsWith("PUT /api/objects/")) continue; // an upload's own checks, not a role's
      if (key === "POST /api/objects/upload") {
        // A family may have only a few uploads waiting at once (the caregiver's is one of them): a
        // size too large shows the token is let through to the route's own checks.
        const response = await send(caregivers, route, route.url(f), { size: 1e12 });
        if (response.statusCode !== 413) wrong.push(`${key}: ${response.statusCode} ${response.body}`);
        continue;
      }
      let url = route.url(f);
      if (route.fresh) url = url.replace(/[^/]+$/, await route.fresh(f));
      const response = await send(caregivers, route, url, await route.freshBody?.(f));
      const reads = route.need === "read" || route.need === "person";
      const ok = reads
        ? response.statusCode === (route.readStatus ?? 200)
        : response.statusCode >= 200 && response.statusCode < 300;
      if (!ok) wrong.push(`${key}: ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });

  it("answers another family's token 404 for this family's records and for links to its child, line or supply", async () => {
    const wrong: string[] = [];
    const before = [await fingerprint(f.owner.familyId), await fingerprint(stranger.familyId)];
    for (const { key, method } of routes()) {
      const route = caseOf(key, method);
      if (route.only401 || !(route.names || route.links) || tokenRule(route) === "refused") continue;
      const response = await send(strangers, route, route.url(f));
      if (response.statusCode !== 404)
        wrong.push(`${key}: ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
    expect([await fingerprint(f.owner.familyId), await fingerprint(stranger.familyId)]).toEqual(before);
  });

  it("answers a token limited to one child 404 for the other child's records, changing nothing", async () => {
    const wrong: string[] = [];
    const before = await fingerprint(f.owner.familyId);
    for (const { key, method } of routes()) {
      const route = caseOf(key, method);
      if (route.only401 || !(route.childs || route.linksChild) || tokenRule(route) === "refused") continue;
      const response = await send(samsOnly, route, route.url(f));
      if (response.statusCode !== 404)
        wrong.push(`${key}: ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
    expect(await fingerprint(f.owner.familyId)).toBe(before);
  });
});
