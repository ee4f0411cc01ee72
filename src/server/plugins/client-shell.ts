import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type SignedInUser, signedInUserRecord } from "../../domain/signed-in-user";

const notFound = { message: "Not found" };

/** The id of the page's `<script type="application/json">` with the signed-in person (or null). */
export const SIGNED_IN_USER_ELEMENT = "signed-in-user";

/**
 * What the page needs from the accounts, given by the app (plugins do not import modules): who the
 * request is signed in as, as `GET /api/auth/user` answers them, or undefined when signed out.
 */
export interface ClientShellDeps {
  signedInUser: (request: FastifyRequest, reply: FastifyReply) => Promise<SignedInUser | undefined>;
  /**
   * Answers of the API a signed-in page starts from, by path, as those calls would answer the
   * request (its cookie), so its first screen renders with them instead of asking after it loads.
   */
  firstAnswers?: (request: FastifyRequest) => Promise<Record<string, unknown>>;
}

/** The id of the page's `<script type="application/json">` with its first answers (signed in only). */
export const PAGE_ANSWERS_ELEMENT = "page-answers";

/** Vite's build manifest: each source module's chunk and the chunks it imports. */
type Manifest = Record<string, { file: string; imports?: string[] }>;

/** The code a first load needs beyond the entry, as manifest keys: signed out, signed in, by path. */
const SIGNED_OUT_CHUNKS = ["features/landing/landing-page.tsx"];
const SIGNED_IN_CHUNKS = ["app/signed-in-app.tsx"];
/** The page of an email confirmation link, which opens signed in or out. */
const CONFIRM_EMAIL_CHUNKS = ["features/confirm-email/confirm-email-page.tsx"];
/** The pages of an invitation's link and of a clinic link, which open signed in or out. */
const JOIN_CHUNKS = ["features/join-family/join-family-page.tsx"];
const SHARED_CHUNKS = ["features/shared-summary/shared-summary-page.tsx"];
/** A screen's module: `/notes` is features/notes/notes-page.tsx, the dashboard is also `/`. */
const screenChunk = (path: string) => {
  const name = path === "/" ? "dashboard" : path.slice(1);
  return /^[a-z-]+$/.test(name) ? `features/${name}/${name}-page.tsx` : undefined;
};

/** The JavaScript files of `keys` and everything they import, less those already in `except`. */
function closure(manifest: Manifest, keys: readonly string[], except: ReadonlySet<string> = new Set()) {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...files].filter((file) => file.endsWith(".js") && !except.has(file));
}

/** JSON that cannot end its `<script>` element or be read as markup, whatever text it holds. */
function scriptJson(value: unknown) {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * The built client: hashed assets from disk (Brotli or gzip as the browser accepts, cached for a
 * year), and every other non-API GET answered with the page. The page carries who is signed in
 * (what `GET /api/auth/user` would answer, or null) and, signed in, the first answers its screens
 * start from (`firstAnswers`), so the first screen renders without waiting for those calls, and
 * `modulepreload` links to the code of its first screen (the landing page, or
 * the signed-in shell and the screen of the path), fetched alongside the entry script instead of
 * after it.
 */
export async function registerClientShell(
  app: FastifyInstance,
  clientDir: string | undefined,
  deps: ClientShellDeps,
) {
  if (!clientDir || !existsSync(join(clientDir, "index.html"))) {
    app.setNotFoundHandler((_request, reply) =>
      reply.status(404).header("cache-control", "no-store").send(notFound),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies (scripts/compress-assets.mjs); sent when the browser accepts them.
    preCompressed: true,
    // Vite names built assets by content hash, so they never change; index.html must always be fresh.
    setHeaders: (res, path) => {
      res.header(
        "cache-control",
        path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
      );
      // Caches keep the Brotli, gzip and plain copies apart.
      res.header("vary", "accept-encoding");
    },
  });

  const page = readFileSync(join(clientDir, "index.html"), "utf8");
  const manifestFile = join(clientDir, ".vite", "manifest.json");
  const manifest: Manifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, "utf8")) : {};
  const inEntry = new Set(closure(manifest, ["index.html"]));
  const preloads = (signedIn: boolean, path: string) => {
    const screen = screenChunk(path);
    const keys =
      path === "/confirm-email"
        ? CONFIRM_EMAIL_CHUNKS
        : path === "/join"
          ? JOIN_CHUNKS
          : path.startsWith("/shared/")
            ? SHARED_CHUNKS
            : !signedIn
              ? SIGNED_OUT_CHUNKS
              : screen
                ? [...SIGNED_IN_CHUNKS, screen]
                : SIGNED_IN_CHUNKS;
    return closure(manifest, keys, inEntry)
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join("");
  };

  // Every non-API path is a client route: the client decides between a screen and its 404 page.
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith("/api/") || request.method !== "GET") {
      return reply.status(404).header("cache-control", "no-store").send(notFound);
    }
    const user = await deps.signedInUser(request, reply);
    const signedIn = user ? signedInUserRecord.parse(user) : null;
    const path = request.url.split("?")[0] ?? "/";
    const answers = signedIn && deps.firstAnswers ? await deps.firstAnswers(request) : null;
    const head = `<script type="application/json" id="${SIGNED_IN_USER_ELEMENT}">${scriptJson(signedIn)}</script>${answers ? `<script type="application/json" id="${PAGE_ANSWERS_ELEMENT}">${scriptJson(answers)}</script>` : ""}${preloads(signedIn !== null, path)}`;
    return (
      reply
        .type("text/html; charset=utf-8")
        // The page names who is signed in: never stored, by the browser or anything between.
        .header("cache-control", "no-store")
        .send(page.replace("</head>", `${head}</head>`))
    );
  });
}
