import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedEveryRecordType } from "../../../tests/helpers/seed-records";
import { buildTestApp, signUp, type TestApp, type TestUser } from "../../../tests/helpers/test-app";
import { queryRows } from "../../../tests/helpers/test-database";
import type { RegisteredRoute } from "../app";

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  user = await signUp(t.app);
  await seedEveryRecordType(t, user);
  // A passkey, so its rename route has a target.
  await queryRows(
    t.database,
    sql`insert into passkey_credentials (user_id, credential_id, public_key, name) values (${user.id}, 'cred-1', 'key', 'Phone')`,
  );
});
afterAll(() => t.close());

/**
 * Every table's content as one fingerprint per table, to see that a refused request changed
 * nothing. Sessions are left out: each signed-in request moves its session's idle deadline.
 */
async function fingerprint(): Promise<Record<string, unknown>> {
  const tables = await queryRows(
    t.database,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'sessions'
        order by table_name`,
  );
  const prints: Record<string, unknown> = {};
  for (const { name } of tables) {
    const [row] = await queryRows(
      t.database,
      sql.raw(
        `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from "${String(name)}" t`,
      ),
    );
    prints[String(name)] = row;
  }
  return prints;
}

/** The route's address with `:id` as one of the user's own records, so an update has a target. */
async function addressOf(route: RegisteredRoute): Promise<string> {
  if (!route.url.endsWith("/:id")) return route.url;
  const list = await user.get(route.url.slice(0, -"/:id".length));
  const [first] = list.json() as { id: string }[];
  if (!first) throw new Error(`no record to address ${route.method} ${route.url}`);
  return route.url.replace(":id", first.id);
}

/** The routes whose body may be left out altogether (their schema is `.optional()`). */
const LEFT_OUT_BODIES = ["POST /api/objects/upload"];

const bodyRoutes = () =>
  [...t.app.publicRoutes, ...t.app.signedInRoutes].filter((route) => route.method !== "GET" && route.body);

describe("a request body that is not a JSON object", () => {
  it("lists the write routes of every module, public and signed in", () => {
    const names = bodyRoutes().map((route) => `${route.method} ${route.url}`);
    expect(names).toEqual(
      expect.arrayContaining([
        "POST /api/auth/register",
        "POST /api/auth/login",
        "PUT /api/profile",
        "POST /api/symptoms",
        "POST /api/tpn",
        "PUT /api/tpn/:id",
        "POST /api/medications",
        "PATCH /api/medications/:id",
        "POST /api/picc-infections",
        "PUT /api/objects/metadata",
        "POST /api/account/export-email",
      ]),
    );
    expect(names.length).toBeGreaterThan(30);
  });

  // The body is judged before the record is looked up (Fastify validates before the handler), so
  // an update answers 400 whether or not its id exists: here it is a real record of the user's.
  it("answers 400 on every write route for null, a list, a string, a number, true or no body, and changes nothing", async () => {
    const before = await fingerprint();
    const bodies: [string, string | undefined][] = [
      ["null", "null"],
      ["a list", "[]"],
      ["a list of objects", '[{"name":"x"}]'],
      ["a string", '"x"'],
      ["a number", "1"],
      ["true", "true"],
      ["no body", undefined],
    ];
    const answers: string[] = [];
    for (const route of bodyRoutes()) {
      const url = await addressOf(route);
      for (const [label, payload] of bodies) {
        // The spec's upload call sends no body (objects.test.ts: a URL for up to 10 MB).
        if (payload === undefined && LEFT_OUT_BODIES.includes(`${route.method} ${route.url}`)) continue;
        const response = await t.app.inject({
          method: route.method as "POST",
          url,
          headers: {
            cookie: user.cookie,
            ...(payload === undefined ? {} : { "content-type": "application/json" }),
          },
          ...(payload === undefined ? {} : { payload }),
        });
        answers.push(`${route.method} ${route.url} ${label}: ${response.statusCode} ${response.body}`);
      }
    }
    expect(
      answers.filter(
        (answer) => !answer.endsWith(': 400 {"message":"The request body must be a JSON object."}'),
      ),
    ).toEqual([]);
    expect(await fingerprint()).toEqual(before);
  });

  it("answers a text/plain body with 415 on every write route, and changes nothing", async () => {
    const before = await fingerprint();
    const answers: string[] = [];
    for (const route of bodyRoutes()) {
      const response = await t.app.inject({
        method: route.method as "POST",
        url: await addressOf(route),
        headers: { cookie: user.cookie, "content-type": "text/plain" },
        payload: '{"date":"2026-11-20","symptoms":"fever"}',
      });
      answers.push(`${route.method} ${route.url}: ${response.statusCode} ${response.body}`);
    }
    expect(
      answers.filter(
        (answer) => !answer.endsWith(': 415 {"message":"Send the request body as application/json"}'),
      ),
    ).toEqual([]);
    expect(await fingerprint()).toEqual(before);
  });
});
