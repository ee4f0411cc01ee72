import Ajv2020 from "ajv/dist/2020.js";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedEveryRecordType } from "../../../tests/helpers/seed-records";
import { buildTestApp, signUp, type TestApp, type TestUser } from "../../../tests/helpers/test-app";
import { DOCS_PATH, DOCS_SCRIPT_PATH, OPENAPI_PATH } from "./api-docs";
import { openApiPath } from "./openapi";

interface Operation {
  operationId: string;
  summary: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: unknown }> }>;
}
interface Description {
  openapi: string;
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, Record<string, string>>; schemas: Record<string, unknown> };
}

let t: TestApp;
let user: TestUser;
let description: Description;
beforeAll(async () => {
  t = await buildTestApp();
  user = await signUp(t.app);
  const response = await user.get(OPENAPI_PATH);
  expect(response.statusCode).toBe(200);
  description = response.json();
});
afterAll(() => t.close());

const DOCS_ROUTES = new Set([`GET ${OPENAPI_PATH}`, `GET ${DOCS_PATH}`, `GET ${DOCS_SCRIPT_PATH}`]);

/**
 * Every route Fastify's router holds, as `METHOD path` (HEAD, Fastify's copy of each GET, left out),
 * read from `printRoutes`: a tree whose lines are indented four characters a level, each naming the
 * part of the path it adds and its methods.
 */
function routerTable(tree: string): string[] {
  const routes: string[] = [];
  const prefixes: string[] = [];
  for (const line of tree.split("\n")) {
    const match = /^([│├└─\s]*)(\S.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = Math.floor((match[1] ?? "").length / 4);
    prefixes.length = depth;
    const path = (prefixes[depth - 1] ?? "") + (match[2] ?? "");
    prefixes[depth] = path;
    for (const method of (match[3] ?? "").split(", ").filter(Boolean)) {
      if (method !== "HEAD") routes.push(`${method} ${path}`);
    }
  }
  return routes;
}

const documented = () =>
  Object.entries(description.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
  );
const operation = (key: string) => {
  const [method = "", path = ""] = key.split(" ");
  const found = description.paths[path]?.[method.toLowerCase()];
  if (!found) throw new Error(`${key} is not documented`);
  return found;
};

describe("the API description", () => {
  it("is OpenAPI 3.1 and documents every route of the API and the photos, with the method and path it is registered with", () => {
    expect(description.openapi).toBe("3.1.0");
    const table = routerTable(t.app.printRoutes({ commonPrefix: false }));
    expect(table.length).toBeGreaterThan(150);
    const api = table
      .filter((route) => / \/(api|objects)\//.test(route) && !DOCS_ROUTES.has(route))
      .map((route) => {
        const [method, url = ""] = route.split(" ");
        return `${method} ${openApiPath(url)}`;
      });
    expect(documented().sort()).toEqual(api.sort());
    // The app's own lists, which decide who may call a route, are all in it too.
    const listed = [...t.app.signedInRoutes, ...t.app.publicRoutes, ...t.app.outsideApiRoutes].map(
      (route) => `${route.method} ${openApiPath(route.url)}`,
    );
    expect(new Set(listed)).toEqual(new Set(api));
  });

  it("gives each operation a group with its description, a summary and an id of its own", () => {
    const tags = new Map(description.tags.map((tag) => [tag.name, tag.description]));
    const ids = new Set<string>();
    for (const key of documented()) {
      const op = operation(key);
      expect(op.tags, key).toHaveLength(1);
      expect(tags.get(op.tags[0] ?? ""), key).toBeTruthy();
      expect(op.summary, key).toBeTruthy();
      expect(ids.has(op.operationId), key).toBe(false);
      ids.add(op.operationId);
    }
    expect(operation("GET /api/care-team/{id}")).toMatchObject({
      tags: ["care-team"],
      summary: "Read one of care team",
    });
    expect(operation("GET /api/login").tags).toEqual(["auth"]);
    expect(operation("GET /objects/uploads/{id}").tags).toEqual(["objects"]);
  });

  it("says which routes need a session or a token, and that the others need nothing", () => {
    expect(description.components.securitySchemes).toEqual({
      sessionCookie: expect.objectContaining({ type: "apiKey", in: "cookie", name: "sid" }),
      bearerAuth: expect.objectContaining({ type: "http", scheme: "bearer" }),
    });
    const signedIn = [{ sessionCookie: [] }, { bearerAuth: [] }];
    const sessionOnly = [{ sessionCookie: [] }];
    for (const route of [...t.app.signedInRoutes, ...t.app.outsideApiRoutes]) {
      expect([signedIn, sessionOnly], route.url).toContainEqual(
        operation(`${route.method} ${openApiPath(route.url)}`).security,
      );
    }
    // A token reads and logs records; the family's management, its links and tokens, and the
    // person's own account take a session only (plugins/access.ts, tokensRefused).
    expect(operation("POST /api/medication-doses").security).toEqual(signedIn);
    expect(operation("GET /objects/uploads/{id}").security).toEqual(signedIn);
    expect(operation("GET /api/auth/user").security).toEqual(signedIn);
    for (const key of ["GET /api/api-tokens", "GET /api/family/members", "POST /api/share-links"]) {
      expect(operation(key).security, key).toEqual(sessionOnly);
    }
    for (const route of t.app.publicRoutes) {
      expect(operation(`${route.method} ${openApiPath(route.url)}`).security, route.url).toEqual([]);
    }
  });

  it("lists the error answers each route can give, all with the error body", () => {
    const errors = (key: string) =>
      Object.entries(operation(key).responses)
        .filter(([status]) => Number(status) >= 400)
        .map(([status, response]) => [Number(status), response.$ref]);
    expect(errors("GET /api/children")).toEqual([
      [400, "#/components/responses/BadRequest"],
      [401, "#/components/responses/Unauthorized"],
    ]);
    expect(errors("POST /api/children").map(([status]) => status)).toEqual([
      400, 401, 403, 404, 409, 410, 413, 415,
    ]);
    expect(errors("PATCH /api/notes/{id}").map(([status]) => status)).toEqual([
      400, 401, 403, 404, 409, 412, 413, 415,
    ]);
    expect(errors("DELETE /api/notes/{id}").map(([status]) => status)).toEqual([
      400, 401, 403, 404, 409, 412,
    ]);
    expect(errors("POST /api/auth/login").map(([status]) => status)).toEqual([400, 401, 403, 413, 415, 429]);
    const { parameters = [] } = operation("PATCH /api/notes/{id}");
    expect(parameters).toContainEqual(expect.objectContaining({ in: "header", name: "if-match" }));
  });
});

describe("what the description says the server answers", () => {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  const pointer = (...parts: string[]) =>
    `openapi#/${parts.map((p) => p.replaceAll("~", "~0").replaceAll("/", "~1")).join("/")}`;
  let ready = false;
  /** Checks an answer against the schema the description gives for its route and status. */
  const expectDocumented = (key: string, response: LightMyRequestResponse) => {
    if (!ready) {
      ajv.addSchema(description as unknown as object, "openapi");
      ready = true;
    }
    const [method = "", path = ""] = key.split(" ");
    const documentedAnswer = operation(key).responses[String(response.statusCode)];
    expect(documentedAnswer, `${key} ${response.statusCode}`).toBeDefined();
    const ref = documentedAnswer?.$ref;
    const schemaRef = ref
      ? pointer("components", "schemas", "Error")
      : pointer(
          "paths",
          path,
          method.toLowerCase(),
          "responses",
          String(response.statusCode),
          "content",
          "application/json",
          "schema",
        );
    const validate = ajv.getSchema(schemaRef) ?? ajv.compile({ $ref: schemaRef });
    const valid = validate(response.json());
    expect(
      valid ? [] : validate.errors,
      `${key} ${response.statusCode}: ${response.body.slice(0, 300)}`,
    ).toEqual([]);
  };

  it("describes every record list and record as the server sends them, timestamps as text", async () => {
    await seedEveryRecordType(t, user);
    const collections = documented().filter(
      (key) => key.startsWith("GET ") && operation(key).summary.startsWith("List "),
    );
    expect(collections.length).toBeGreaterThan(20);
    for (const key of collections) {
      const path = key.slice("GET ".length);
      const list = await user.get(path);
      expect(list.statusCode, key).toBe(200);
      expectDocumented(key, list);
      const [first] = list.json() as { id: string }[];
      if (!first || !description.paths[`${path}/{id}`]?.get) continue;
      expectDocumented(`GET ${path}/{id}`, await user.get(`${path}/${first.id}`));
    }
    const note = await user.post("/api/notes", { title: "Line dressing", content: "Changed at 9" });
    expectDocumented("POST /api/notes", note);
    expect(note.json().createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(
      (description.components.schemas.NotesRecord as { properties: Record<string, unknown> }).properties
        .createdAt,
    ).toMatchObject({ type: "string", format: "date-time" });
    const stale = await t.app.inject({
      method: "PATCH",
      url: `/api/notes/${note.json().id}`,
      headers: { cookie: user.cookie, "if-match": '"7"' },
      payload: { title: "Later" },
    });
    expect(stale.statusCode).toBe(412);
    expectDocumented("PATCH /api/notes/{id}", stale);
  });

  it("describes no value as anything at all (what a transform's output would be)", () => {
    const vague: string[] = [];
    // `default: {}` is a value, and `additionalProperties: {}` an object of any keys (a passkey's options).
    const walk = (node: unknown, at: string, key = "") => {
      if (typeof node !== "object" || node === null) return;
      const entries = Object.entries(node);
      if (entries.length === 0 && !Array.isArray(node) && key !== "default" && key !== "additionalProperties")
        vague.push(at);
      for (const [name, value] of entries) walk(value, `${at}/${name}`, name);
    };
    walk(description.paths, "#/paths");
    walk(description.components.schemas, "#/components/schemas");
    expect(vague).toEqual([]);
  });

  it("describes the other answers and the errors as sent", async () => {
    expectDocumented("GET /api/auth/user", await user.get("/api/auth/user"));
    expectDocumented("GET /api/dashboard/stats", await user.get("/api/dashboard/stats"));
    expectDocumented("GET /api/family/members", await user.get("/api/family/members"));
    expectDocumented("GET /api/notification-settings", await user.get("/api/notification-settings"));
    const invalid = await user.post("/api/notes", { title: "" });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().issues.length).toBeGreaterThan(0);
    expectDocumented("POST /api/notes", invalid);
    const missing = await user.get("/api/notes/00000000-0000-4000-8000-000000000000");
    expect(missing.statusCode).toBe(404);
    expectDocumented("GET /api/notes/{id}", missing);
    const signedOut = await t.app.inject({ method: "GET", url: "/api/notes" });
    expect(signedOut.statusCode).toBe(401);
    expectDocumented("GET /api/notes", signedOut);
  });
});

describe("who may read the description and its page", () => {
  it("answers signed-out visitors 401, and anyone once API_DOCS_PUBLIC is true", async () => {
    for (const url of [OPENAPI_PATH, DOCS_PATH, DOCS_SCRIPT_PATH]) {
      const response = await t.app.inject({ method: "GET", url });
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({
        url,
        status: 401,
        body: { message: "Not signed in" },
      });
    }
    const open = await buildTestApp({ API_DOCS_PUBLIC: "true" }, undefined, { sameDatabaseAs: t });
    try {
      for (const url of [OPENAPI_PATH, DOCS_PATH, DOCS_SCRIPT_PATH]) {
        const response = await open.app.inject({ method: "GET", url });
        expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
        expect(response.headers["cache-control"]).toBe("no-store");
      }
      expect((await open.app.inject({ method: "GET", url: OPENAPI_PATH })).json().paths).toEqual(
        description.paths,
      );
    } finally {
      await open.close();
    }
  });
});

describe("the reference page", () => {
  it("loads only this server's files, which its Content-Security-Policy allows, and no script of its own", async () => {
    const page = await user.get(DOCS_PATH);
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    const html = page.body;
    const loaded = [...html.matchAll(/\b(?:src|href)="([^"]*)"/g)].map((m) => m[1] ?? "");
    expect(loaded).toEqual([DOCS_SCRIPT_PATH]);
    // Every script element either loads a file of this server or is data (never run).
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(2);
    for (const [, attributes = "", body = ""] of scripts) {
      if (!attributes.includes("src=")) {
        expect(attributes).toContain('type="application/json"');
        expect(body.trim()).toBe("");
      }
    }
    expect(html).not.toMatch(/<style|<link|style="/);
    expect(html).toContain(`data-url="${OPENAPI_PATH}"`);
    const settings = JSON.parse(
      (/data-configuration="([^"]*)"/.exec(html)?.[1] ?? "")
        .replaceAll("&quot;", '"')
        .replaceAll("&amp;", "&"),
    );
    expect(settings).toMatchObject({ withDefaultFonts: false, proxyUrl: "", telemetry: false });

    const policy = Object.fromEntries(
      String(page.headers["content-security-policy"])
        .split(";")
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name = "", ...sources]) => [name, sources]),
    );
    expect(policy["script-src"]).toEqual(["'self'"]);
    expect(policy["connect-src"]).toContain("'self'");
    // The script injects its stylesheet as a <style> element.
    expect(policy["style-src"]).toContain("'unsafe-inline'");

    const script = await t.app.inject({
      method: "GET",
      url: DOCS_SCRIPT_PATH,
      headers: { cookie: user.cookie, "accept-encoding": "gzip, br" },
    });
    expect(script.statusCode).toBe(200);
    expect(script.headers["content-type"]).toBe("application/javascript; charset=utf-8");
    expect(script.headers["content-encoding"]).toBe("gzip");
    const plain = await user.get(DOCS_SCRIPT_PATH);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toContain("createApiReference");
    expect(plain.rawPayload.length).toBeGreaterThan(script.rawPayload.length);
  });
});
