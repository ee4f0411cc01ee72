import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Config } from "./config";
import type { Db } from "./db/client";
import { accountRoutes } from "./modules/account/account.routes";
import { allergyRoutes } from "./modules/allergies/allergies.routes";
import { authRoutes } from "./modules/auth/auth.routes";
import { careTeamRoutes } from "./modules/care-team/care-team.routes";
import { childrenRoutes } from "./modules/children/children.routes";
import { dashboardRoutes } from "./modules/dashboard/dashboard.routes";
import { exportRoutes } from "./modules/exports/exports.routes";
import { foodDiaryRoutes } from "./modules/food-diary/food-diary.routes";
import { labTestRoutes } from "./modules/lab-tests/lab-tests.routes";
import { medicationRoutes } from "./modules/medications/medications.routes";
import { noteRoutes } from "./modules/notes/notes.routes";
import { physicalTherapyRoutes } from "./modules/physical-therapy/physical-therapy.routes";
import { specialistVisitRoutes } from "./modules/specialist-visits/specialist-visits.routes";
import { symptomRoutes } from "./modules/symptoms/symptoms.routes";
import { tpnRoutes } from "./modules/tpn/tpn.routes";
import { registerErrorHandler } from "./plugins/errors";
import { registerSecurity } from "./plugins/security";
import { registerSessions } from "./plugins/session";
import { createLocalStorage } from "./storage/local-storage";

export interface AppDeps {
  config: Config;
  db: Db;
  /** The built client (dist/client); when absent only the API is served. */
  clientDir?: string | undefined;
  /** false for no logs; a stream to collect them (tests); by default JSON lines on stdout. */
  logger?: boolean | { stream: NodeJS.WritableStream };
}

export interface RegisteredRoute {
  method: string;
  url: string;
  public: boolean;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every route the app serves, with whether it is reachable signed out. */
    registeredRoutes: RegisteredRoute[];
  }
}

/** Request bodies are small JSON records; photos go to object storage, not through this limit. */
export const BODY_LIMIT = 512 * 1024;

/** Builds the HTTP application. Tests call this directly and use `app.inject`. */
export async function buildApp({ config, db, clientDir, logger = true }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      logger === false
        ? false
        : { level: config.logLevel, ...(logger === true ? {} : { stream: logger.stream }) },
    bodyLimit: BODY_LIMIT,
    trustProxy: Boolean(config.publicUrl),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await registerSecurity(app, config);
  await registerSessions(app, config, db);

  const routes: RegisteredRoute[] = [];
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) {
      if (method !== "HEAD") routes.push({ method, url: route.url, public: route.config?.public === true });
    }
  });
  app.decorate("registeredRoutes", routes);

  const storage = createLocalStorage(config.dataDir);
  authRoutes(app, db, config);
  accountRoutes(app, db, storage);
  careTeamRoutes(app, db);
  childrenRoutes(app, db);
  tpnRoutes(app, db);
  specialistVisitRoutes(app, db);
  labTestRoutes(app, db);
  symptomRoutes(app, db);
  allergyRoutes(app, db);
  noteRoutes(app, db);
  physicalTherapyRoutes(app, db);
  medicationRoutes(app, db);
  foodDiaryRoutes(app, db);
  dashboardRoutes(app, db);
  exportRoutes(app, db);

  if (clientDir && existsSync(join(clientDir, "index.html"))) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // Vite names built assets by content hash, so they never change; index.html must always be fresh.
      setHeaders: (res, path) => {
        res.header(
          "cache-control",
          path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
        );
      },
    });
    // Every non-API path is a client route: the client decides between a screen and its 404 page.
    app.setNotFoundHandler((request, reply) => {
      if (request.url.startsWith("/api/") || request.method !== "GET") {
        return reply.status(404).send({ message: "Not found" });
      }
      return reply.type("text/html").header("cache-control", "no-cache").sendFile("index.html");
    });
  } else {
    app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: "Not found" }));
  }
  return app;
}
