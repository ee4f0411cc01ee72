import { STATUS_CODES } from "node:http";
import swagger, { type SwaggerTransform, type SwaggerTransformObject } from "@fastify/swagger";
import type { FastifyInstance, FastifySchema, RouteOptions } from "fastify";
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";
import packageJson from "../../../package.json" with { type: "json" };
import type { Config } from "../config";
import { tokensRefused } from "./access";
import {
  ERROR_BODY,
  ERROR_RESPONSES,
  EXTRA_STATUSES,
  OTHER_ANSWERS,
  OTHER_BODIES,
  TAG_OF_SEGMENT,
  TAGS,
} from "./openapi-tables";
import { cookieName } from "./session";

/** A route as the app lists it (app.ts: `signedInRoutes`, `publicRoutes`, `outsideApiRoutes`). */
export interface ListedRoute {
  method: string;
  url: string;
}

/** The routes the API description covers, by how a caller reaches them. */
export interface DocumentedRoutes {
  /** Need a session (or, once it exists, an API token): 401 without. */
  signedIn: readonly ListedRoute[];
  /** Reachable signed out (sign-in, an invitation's preview, a clinic link...). */
  public: readonly ListedRoute[];
  /** Outside `/api`, served to a signed-in person only (photos). */
  outsideApi: readonly ListedRoute[];
}

/** A signed-in route takes the session's cookie, or an API token. */
const SIGNED_IN_SECURITY: { [scheme: string]: string[] }[] = [{ sessionCookie: [] }, { bearerAuth: [] }];
/** The family's management, its links and tokens, and the person's own account: a session only. */
const SESSION_ONLY_SECURITY: { [scheme: string]: string[] }[] = [{ sessionCookie: [] }];
const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const VERBS: Readonly<Record<string, string>> = {
  GET: "Read",
  POST: "Send",
  PUT: "Set",
  PATCH: "Change",
  DELETE: "Delete",
};
/** The extension key a route's error statuses travel in from `transform` to `transformObject`. */
const ERRORS_KEY = "x-error-statuses";

/** Fastify's `/a/:id` as OpenAPI writes it: `/a/{id}`. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

/** Whether `key` reads one item of the collection at `path` (`GET /api/notes/{id}` of `/api/notes`). */
const isItemRead = (key: string, path: string) =>
  key.startsWith(`GET ${path}/{`) && !key.slice(`GET ${path}/{`.length).includes("/");
const isParam = (segment: string) => segment.startsWith("{");
const words = (segment: string) =>
  segment.replaceAll("-", " ").replace(/\b(tpn|pn|picc)\b/g, (acronym) => acronym.toUpperCase());
const pascal = (segment: string) =>
  segment
    .replace(/[{}]/g, "")
    .split(/[^A-Za-z0-9]+/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("");

/** The group of a documented path: its first segment after `/api` (photos: `objects`). */
export function tagOf(path: string): string {
  const [first = ""] = path.replace(/^\/(api\/)?/, "").split("/");
  return TAG_OF_SEGMENT[first] ?? first;
}

type Kind = "signedIn" | "public" | "outsideApi";

/**
 * The error statuses a route can answer, from what it is: 400 when it reads parameters, a query or
 * a body; in the signed-in scope 401, and 403 for a read that needs more than reading; 403 for any
 * write (another site's is refused, and so is a role's); 404 with a path parameter (the photos
 * answer it signed out too) or a signed-in write (a linked record may be missing); 409 for a
 * signed-in write (a change made at the same time); 410 for a create that takes the device's id;
 * 413 and 415 with a body. Then those `EXTRA_STATUSES` lists for it.
 */
function errorStatuses(
  key: string,
  kind: Kind,
  route: RouteOptions,
  path: string,
  request: FastifySchema,
  bodyJson: { properties?: Record<string, unknown> } | undefined,
): number[] {
  const method = [route.method].flat()[0] ?? "GET";
  const write = UNSAFE.has(method);
  const access = route.config?.access;
  const statuses = new Set<number>(EXTRA_STATUSES[key] ?? []);
  if (request.params || request.querystring || request.body) statuses.add(400);
  if (kind === "signedIn") statuses.add(401);
  if (write || (kind === "signedIn" && access !== undefined && access !== "read" && access !== "person"))
    statuses.add(403);
  if (path.includes("{") || (kind === "signedIn" && write && method !== "DELETE" && request.body))
    statuses.add(404);
  if (kind === "signedIn" && write) statuses.add(409);
  if (method === "POST" && bodyJson?.properties?.id) statuses.add(410);
  if (request.body) {
    statuses.add(413);
    statuses.add(415);
  }
  return [...statuses].sort((a, b) => a - b);
}

/** `List`, `Read one`, `Add`... for a path whose collection has items (`/api/notes` and `/api/notes/:id`). */
function summaryOf(method: string, path: string, collections: ReadonlySet<string>): string {
  const segments = path.replace(/^\/(api\/)?/, "").split("/");
  const item = isParam(segments.at(-1) ?? "");
  const statics = segments.filter((segment) => !isParam(segment)).map(words);
  const collection = item ? path.slice(0, path.lastIndexOf("/")) : path;
  const isCollection = collections.has(collection);
  const what = statics.join(" / ");
  if (isCollection && item) {
    const verb = {
      GET: "Read one of",
      PUT: "Replace one of",
      PATCH: "Change one of",
      DELETE: "Delete one of",
    }[method];
    if (verb) return `${verb} ${what}`;
  }
  if (isCollection && !item && method === "GET") return `List ${what}`;
  if (isCollection && !item && method === "POST") return `Add to ${what}`;
  return `${VERBS[method] ?? method} ${what}`;
}

const operationIdOf = (method: string, path: string) =>
  method.toLowerCase() +
  path
    .replace(/^\/api\//, "/")
    .split("/")
    .filter(Boolean)
    .map((segment) => (isParam(segment) ? `By${pascal(segment)}` : pascal(segment)))
    .join("");

/**
 * An object keyed by a list of values (`z.record(z.enum([...]), value)`) comes out of zod as
 * `propertyNames` and `required` with no `properties`: valid, but readers (and Redocly) look for
 * each required key under `properties`. Each key is written there, with the record's value schema.
 */
function spellOutRecordKeys(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) spellOutRecordKeys(item);
    return;
  }
  if (typeof node !== "object" || node === null) return;
  const schema = node as Record<string, unknown>;
  const keys = (schema.propertyNames as { enum?: unknown[] } | undefined)?.enum;
  if (
    keys &&
    Array.isArray(schema.required) &&
    !schema.properties &&
    typeof schema.additionalProperties === "object"
  ) {
    schema.properties = Object.fromEntries(keys.map((key) => [String(key), schema.additionalProperties]));
  }
  for (const value of Object.values(schema)) spellOutRecordKeys(value);
}

/**
 * Registers the API description (OpenAPI 3.1), built from the routes' own zod schemas by
 * fastify-type-provider-zod's transforms when it is first asked for: register before any route.
 * Only the description reads the schemas this way; the validator and the serializer (validator.ts,
 * serializer.ts) keep theirs, and nothing here runs for a request to any other route.
 */
export async function registerOpenApi(app: FastifyInstance, config: Config, routes: DocumentedRoutes) {
  // Each route's schemas as registered, read once the description is first built.
  const schemas = new Map<string, FastifySchema | undefined>();
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat())
      schemas.set(`${method} ${openApiPath(route.url)}`, route.schema);
  });
  /**
   * The records' schemas, named once for the components (`CareTeamRecord`): the one a collection's
   * item is read with (`GET /api/care-team/{id}`), which its list and its changes answer too.
   */
  const records = z.registry<{ id: string }>();
  const registry = records as unknown as NonNullable<
    Parameters<typeof createJsonSchemaTransform>[0]["schemaRegistry"]
  >;
  const zodParts = createJsonSchemaTransform({ skipList: [], schemaRegistry: registry });
  const zodComponents = createJsonSchemaTransformObject({ schemaRegistry: registry });

  let facts: { kinds: Map<string, Kind>; collections: Set<string> } | undefined;
  const prepare = () => {
    if (facts) return facts;
    const kinds = new Map<string, Kind>();
    for (const kind of ["public", "signedIn", "outsideApi"] as const) {
      for (const route of routes[kind]) kinds.set(`${route.method} ${openApiPath(route.url)}`, kind);
    }
    // A collection: a path with a create and a read of one item below it (`/api/notes/{id}`).
    const collections = new Set<string>();
    for (const key of kinds.keys()) {
      if (!key.startsWith("POST ")) continue;
      const path = key.slice("POST ".length);
      const itemRead = [...kinds.keys()].find((k) => isItemRead(k, path));
      if (!itemRead) continue;
      collections.add(path);
      const record = (schemas.get(itemRead)?.response as Record<string, unknown> | undefined)?.[200];
      if (record instanceof z.ZodType && !records.has(record)) {
        records.add(record, { id: `${pascal(path.split("/").at(-1) ?? "")}Record` });
      }
    }
    facts = { kinds, collections };
    return facts;
  };

  const transform: SwaggerTransform = ({ schema, url, route, ...document }) => {
    const { kinds, collections } = prepare();
    const path = openApiPath(url);
    const method = [route.method].flat()[0] ?? "GET";
    const key = `${method} ${path}`;
    const kind = kinds.get(key);
    if (!kind) return { schema: { hide: true }, url };
    const request = (schema ?? {}) as FastifySchema;
    const converted = (zodParts({ schema: request, url, route, ...document }).schema ?? {}) as Record<
      string,
      unknown
    > & {
      response?: Record<string, Record<string, unknown>>;
      body?: { properties?: Record<string, unknown> };
    };
    const fileBody = OTHER_BODIES[key];
    if (fileBody) converted.body = fileBody;
    const responses: Record<string, unknown> = {};
    for (const [status, json] of Object.entries(converted.response ?? {})) {
      // @fastify/swagger takes this key as the answer's description, and leaves the schema without it.
      responses[status] = { ...json, "x-response-description": STATUS_CODES[Number(status)] ?? status };
    }
    Object.assign(responses, OTHER_ANSWERS[key]);
    // A route that declares no answer of its own sends none (a delete, an approval).
    if (!Object.keys(responses).some((status) => /^[23]/.test(status))) {
      responses[204] = { type: "null", description: method === "DELETE" ? "Deleted." : "Done." };
    }
    const statuses = errorStatuses(key, kind, route, path, request, converted.body).filter(
      (status) => !(status in responses),
    );
    const headers: Record<string, unknown> = {};
    if ("412" in responses)
      headers["if-match"] = {
        type: "string",
        description:
          'The version the change is based on, as its `ETag` (`"3"`): the change is made only on that version, else 412.',
      };
    // A record type's create (lib/owned-routes.ts) reads it.
    if (method === "POST" && collections.has(path) && converted.body?.properties?.id)
      headers["idempotency-key"] = {
        type: "string",
        description:
          "8 to 100 letters, digits, `-` or `_`: a create sent again with it answers the first record.",
      };
    return {
      url,
      schema: {
        ...converted,
        ...(Object.keys(headers).length > 0 ? { headers: { type: "object", properties: headers } } : {}),
        tags: (converted.tags as string[] | undefined) ?? [tagOf(path)],
        summary: (converted.summary as string | undefined) ?? summaryOf(method, path, collections),
        operationId: (converted.operationId as string | undefined) ?? operationIdOf(method, path),
        security:
          kind === "public"
            ? []
            : tokensRefused(route.config?.access, route.config?.openToTokens ?? false)
              ? SESSION_ONLY_SECURITY
              : SIGNED_IN_SECURITY,
        response: responses,
        [ERRORS_KEY]: statuses,
      },
    };
  };

  /**
   * The records' components (fastify-type-provider-zod), then each route's error statuses as
   * references to the shared answers, which all carry the one error body.
   */
  const transformObject: SwaggerTransformObject = (document) => {
    const openapi = zodComponents(document) as {
      paths?: Record<string, Record<string, unknown> | undefined>;
      components?: { schemas?: Record<string, unknown> };
    };
    for (const item of Object.values(openapi.paths ?? {})) {
      for (const operation of Object.values(item ?? {})) {
        if (typeof operation !== "object" || !operation || !(ERRORS_KEY in operation)) continue;
        const op = operation as unknown as Record<string, unknown> & { responses: Record<string, unknown> };
        for (const status of op[ERRORS_KEY] as number[]) {
          const error = ERROR_RESPONSES[status];
          if (error) op.responses[status] = { $ref: `#/components/responses/${error.name}` };
        }
        delete op[ERRORS_KEY];
      }
    }
    spellOutRecordKeys(openapi);
    // The transform names each record for both sides (`CareTeamRecordInput` too): keep those used.
    const text = JSON.stringify(openapi);
    const all = openapi.components?.schemas ?? {};
    for (const name of Object.keys(all)) {
      if (!text.includes(`"#/components/schemas/${name}"`)) delete all[name];
    }
    return openapi as ReturnType<SwaggerTransformObject>;
  };

  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Medical Care Tracker API",
        version: packageJson.version,
        description:
          "The JSON API the app itself uses. Every answer of `/api` is `Cache-Control: no-store`. Errors are `{ message, issues? }`. A write from another site is refused (403).",
      },
      // The API's paths are the site's own: `/api/...` (and `/objects/...`) on this server.
      servers: [{ url: "/", description: "This server" }],
      tags: [...TAGS],
      components: {
        securitySchemes: {
          sessionCookie: {
            type: "apiKey",
            in: "cookie",
            name: cookieName(config),
            description:
              "The session a sign-in starts (`POST /api/auth/login` and the other sign-ins): HttpOnly, ends 24 hours after the sign-in or after SESSION_IDLE_MINUTES without a request.",
          },
          bearerAuth: {
            type: "http",
            scheme: "bearer",
            description: "An API token, sent as `Authorization: Bearer <token>`.",
          },
        },
        schemas: { Error: ERROR_BODY as never },
        responses: Object.fromEntries(
          Object.values(ERROR_RESPONSES).map(({ name, description }) => [
            name,
            {
              description,
              content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
            },
          ]),
        ),
      },
    },
    transform,
    transformObject,
  });
}
