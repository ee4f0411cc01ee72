import { gzipSync } from "node:zlib";
import scalarReference from "@scalar/fastify-api-reference";
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from "fastify";
import type { Config } from "../config";
import { signedIn } from "./session";

export const OPENAPI_PATH = "/api/openapi.json";
export const DOCS_PATH = "/api/docs";
export const DOCS_SCRIPT_PATH = "/api/docs/scalar.js";

/**
 * The reference page's settings (Scalar's): nothing from another site (no web fonts, no proxy for
 * its test requests, no usage reports, no assistant), so the page works within the app's
 * Content-Security-Policy and nothing about the API leaves the browser.
 */
const REFERENCE_SETTINGS = {
  withDefaultFonts: false,
  proxyUrl: "",
  telemetry: false,
  agent: { disabled: true },
  showDeveloperTools: "never",
};

const attribute = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

/**
 * The page has no script of its own: Scalar's script reads the description's address and its
 * settings from the `api-reference` element (a JSON element, never run), so the policy's
 * `script-src 'self'` holds as it is.
 */
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Medical Care Tracker API</title>
  </head>
  <body>
    <script id="api-reference" type="application/json" data-url="${OPENAPI_PATH}" data-configuration="${attribute(JSON.stringify(REFERENCE_SETTINGS))}"></script>
    <script src="${DOCS_SCRIPT_PATH}"></script>
  </body>
</html>
`;

/**
 * Scalar's script as its Fastify plugin serves it, read once through a private app: the package
 * offers it only through its routes, and its own page starts it with an inline script, which the
 * app's policy refuses.
 */
async function readReferenceScript(): Promise<{ plain: Buffer; gzip: Buffer }> {
  const source = Fastify({ logger: false });
  try {
    await source.register(scalarReference, {
      routePrefix: "/reference",
      configuration: { content: "{}" },
    });
    const response = await source.inject({ method: "GET", url: "/reference/js/scalar.js" });
    if (response.statusCode !== 200) throw new Error(`the reference script answered ${response.statusCode}`);
    const plain = response.rawPayload;
    return { plain, gzip: gzipSync(plain) };
  } finally {
    await source.close();
  }
}

/**
 * `GET /api/openapi.json` (the API description, plugins/openapi.ts) and `GET /api/docs` (a page to
 * read it, with its script at `/api/docs/scalar.js`), served by the app itself. They need a
 * signed-in session unless API_DOCS_PUBLIC is set. Register inside the API scope (no-store).
 */
export function apiDocsRoutes(config: Pick<Config, "apiDocsPublic">): FastifyPluginAsync {
  const routes: FastifyPluginAsync = async (scope: FastifyInstance) => {
    let script: Promise<{ plain: Buffer; gzip: Buffer }> | undefined;
    let description: string | undefined;
    scope.get(OPENAPI_PATH, async (_request, reply) => {
      description ??= JSON.stringify(scope.swagger());
      return reply.type("application/json; charset=utf-8").send(description);
    });
    scope.get(DOCS_PATH, async (_request, reply) => reply.type("text/html; charset=utf-8").send(PAGE));
    scope.get(DOCS_SCRIPT_PATH, async (request, reply) => {
      script ??= readReferenceScript().catch((error: unknown) => {
        script = undefined;
        throw error;
      });
      const { plain, gzip } = await script;
      reply.type("application/javascript; charset=utf-8").header("vary", "accept-encoding");
      if (/\bgzip\b/.test(String(request.headers["accept-encoding"] ?? ""))) {
        return reply.header("content-encoding", "gzip").send(gzip);
      }
      return reply.send(plain);
    });
  };
  return config.apiDocsPublic ? routes : signedIn(routes);
}
