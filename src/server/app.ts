import Fastify, {
  type FastifyInstance,
  type FastifyRequest,
  LogController,
  type RouteOptions,
} from "fastify";
import type { AppContext, ModuleDescriptor } from "./app-context";
import type { Config } from "./config";
import type { Db } from "./db/client";
import { housekeepingJobs } from "./housekeeping";
import { createErasure, type Erasure } from "./lib/erasure";
import { createAccessResolver } from "./lib/family-access";
import { createFamilyChanges, type FamilyChanges } from "./lib/family-changes";
import { batchedStdout } from "./lib/log-stream";
import { createMailer, outboxDir, sweepOutbox } from "./lib/mailer";
import { createScheduler, type Scheduler } from "./lib/scheduler";
import { type Clock, systemClock } from "./lib/session-store";
import { linkOrigin } from "./lib/site-origin";
import { accountModule } from "./modules/account/account.module";
import { allergiesModule } from "./modules/allergies/allergies.module";
import { apiTokensModule } from "./modules/api-tokens/api-tokens.module";
import { createBearerCheck } from "./modules/api-tokens/bearer";
import { authModule } from "./modules/auth/auth.module";
import { createPasswordHasher, type PasswordHasher } from "./modules/auth/passwords";
import { signedInAnswer } from "./modules/auth/signed-in";
import { backupsModule } from "./modules/backups/backups.module";
import { careTeamModule } from "./modules/care-team/care-team.module";
import { childrenModule } from "./modules/children/children.module";
import { dashboardModule } from "./modules/dashboard/dashboard.module";
import { exportsModule } from "./modules/exports/exports.module";
import { familyModule } from "./modules/family/family.module";
import { foodDiaryModule } from "./modules/food-diary/food-diary.module";
import { growthModule } from "./modules/growth/growth.module";
import { healthModule } from "./modules/health/health.module";
import { infusionCentersModule } from "./modules/infusion-centers/infusion-centers.module";
import { intakeOutputModule } from "./modules/intake-output/intake-output.module";
import { labResultsModule } from "./modules/lab-results/lab-results.module";
import { labTestsModule } from "./modules/lab-tests/lab-tests.module";
import { lineCareModule } from "./modules/line-care/line-care.module";
import { medicalPhotosModule } from "./modules/medical-photos/medical-photos.module";
import { medicationDosesModule } from "./modules/medication-doses/medication-doses.module";
import { medicationsModule } from "./modules/medications/medications.module";
import { notesModule } from "./modules/notes/notes.module";
import { notificationsModule } from "./modules/notifications/notifications.module";
import { loadVapidKeys, type VapidKeys, vapidSubject } from "./modules/notifications/vapid-keys";
import { objectsModule } from "./modules/objects/objects.module";
import { physicalTherapyModule } from "./modules/physical-therapy/physical-therapy.module";
import { piccModule } from "./modules/picc/picc.module";
import { pnPrescriptionsModule } from "./modules/pn-prescriptions/pn-prescriptions.module";
import { shareLinksModule } from "./modules/share-links/share-links.module";
import { specialistVisitsModule } from "./modules/specialist-visits/specialist-visits.module";
import { suppliesModule } from "./modules/supplies/supplies.module";
import { symptomsModule } from "./modules/symptoms/symptoms.module";
import { remindersModule } from "./modules/tasks/reminders/reminders.module";
import { tasksModule } from "./modules/tasks/tasks.module";
import { tpnEntriesModule } from "./modules/tpn-entries/tpn-entries.module";
import { vitalsModule } from "./modules/vitals/vitals.module";
import { apiDocsRoutes } from "./plugins/api-docs";
import { registerClientShell } from "./plugins/client-shell";
import { frameworkErrors, registerErrorHandler } from "./plugins/errors";
import { registerOpenApi } from "./plugins/openapi";
import { registerSecurity } from "./plugins/security";
import { serializerCompiler } from "./plugins/serializer";
import { registerSessions, signedIn } from "./plugins/session";
import { validatorCompiler } from "./plugins/validator";
import { createStorage } from "./storage/create-storage";
import type { ObjectStorage } from "./storage/object-storage";

export { signedIn };

export interface AppDeps {
  config: Config;
  db: Db;
  /** The built client (dist/client); when absent only the API is served. */
  clientDir?: string | undefined;
  /** false for no logs; a stream to collect them (tests); by default JSON lines on stdout. */
  logger?: boolean | { stream: NodeJS.WritableStream };
  /** Where uploaded files go: by default the local disk under DATA_DIR/objects. */
  storage?: ObjectStorage;
  /** Password hashing: scrypt at production cost by default (tests pass a cheap one). */
  passwords?: PasswordHasher;
  /** The clock sessions are started and checked by: the system's by default (tests move theirs on). */
  now?: Clock;
  /** Web Push to endpoints over plain http: only for tests, whose push service is local. */
  allowHttpPush?: boolean;
  /** Push endpoints' hosts allowed on this machine's network: only tests' local push services. */
  pushAllowedHosts?: readonly string[];
  /**
   * How timed jobs run: in the background by default (each process looks for due jobs every few
   * seconds). `manual`: only when `app.scheduler.runDue()` is called, after `setDatabaseTime` has
   * made the database's job clock read the app's time (tests: tests/helpers/job-clock.ts).
   */
  jobs?: { manual: true; setDatabaseTime?: (now: Date) => Promise<void> };
  /**
   * Whether the reminders run (modules/tasks/reminders): by default. Test apps on the worker's shared
   * embedded database leave them off unless the test is about them, so one file's clock does not
   * send another file's families their reminders.
   */
  reminders?: boolean;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  /** Whether the route validates a request body (a JSON object) against a schema. */
  body: boolean;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every route registered in the signed-in scope: each answers 401 without a session. */
    signedInRoutes: RegisteredRoute[];
    /** The API routes a signed-out visitor can reach (sign-in, sign-up, the callback). */
    publicRoutes: RegisteredRoute[];
    /** The modules' routes outside `/api` (photos, served to a signed-in person only). */
    outsideApiRoutes: RegisteredRoute[];
    /** The app's timed jobs: started when the app is ready, stopped as it closes. */
    scheduler: Scheduler;
    /** Where a change of a family's records or settings is announced (lib/family-changes.ts). */
    familyChanges: FamilyChanges;
    /** Where a deletion says which tables it touched, so their files lose the rows soon (lib/erasure.ts). */
    erasure: Erasure;
  }
}

/** An `onRoute` hook that lists each route (but HEAD, Fastify's copy of GET) in `routes`. */
const listRoutesIn = (routes: RegisteredRoute[]) => (route: RouteOptions) => {
  for (const method of [route.method].flat()) {
    if (method !== "HEAD") routes.push({ method, url: route.url, body: Boolean(route.schema?.body) });
  }
};

/**
 * A request's address as the logs keep it: without its query (links carry their tokens there:
 * `/join?token=`, `/confirm-email?token=`), and a clinic link's page, a reminder's action page or
 * their calls by their pattern only, so a log never holds a link that opens a summary or acts.
 */
export function loggedUrl(request: FastifyRequest): string {
  const path = request.url.split("?", 1)[0] ?? "";
  if (request.routeOptions.url?.includes(":token")) return request.routeOptions.url;
  if (path.startsWith("/act/")) return "/act/:token";
  return path.startsWith("/shared/") ? "/shared/:token" : path;
}

/** Request bodies are small JSON records; photos go to object storage, not through this limit. */
export const BODY_LIMIT = 512 * 1024;

/**
 * Every module of the app, each by its descriptor (`<module>.module.ts`: its routes, public routes,
 * jobs, housekeeping and record types). Their signed-in routes are registered in a scope where each
 * answers 401 without a session; their public routes in one a signed-out visitor can reach.
 */
export const MODULES: readonly ModuleDescriptor[] = [
  healthModule,
  authModule,
  accountModule,
  familyModule,
  shareLinksModule,
  apiTokensModule,
  careTeamModule,
  childrenModule,
  pnPrescriptionsModule,
  tpnEntriesModule,
  specialistVisitsModule,
  labTestsModule,
  labResultsModule,
  symptomsModule,
  allergiesModule,
  notesModule,
  physicalTherapyModule,
  medicationsModule,
  medicationDosesModule,
  foodDiaryModule,
  suppliesModule,
  infusionCentersModule,
  piccModule,
  lineCareModule,
  vitalsModule,
  intakeOutputModule,
  growthModule,
  objectsModule,
  medicalPhotosModule,
  tasksModule,
  remindersModule,
  dashboardModule,
  exportsModule,
  notificationsModule,
  backupsModule,
];

/** Reads (or, on the first start, makes) the VAPID keys once; a failed read is tried again next time. */
function rememberedVapidKeys(db: Db): () => Promise<VapidKeys> {
  let keys: Promise<VapidKeys> | undefined;
  return () => {
    keys ??= loadVapidKeys(db).catch((error: unknown) => {
      keys = undefined;
      throw error;
    });
    return keys;
  };
}

/** Builds the HTTP application. Tests call this directly and use `app.inject`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, clientDir, logger = true } = deps;
  // By default the lines go to standard output a few at a time (lib/log-stream.ts).
  const logStream = logger === true ? batchedStdout() : undefined;
  const app = Fastify({
    logger:
      logger === false
        ? false
        : { level: config.logLevel, stream: logger === true ? logStream : logger.stream },
    bodyLimit: BODY_LIMIT,
    // One line per request, when it is answered (see below), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // Forwarded addresses only from proxies the administrator named (TRUST_PROXY).
    trustProxy:
      typeof config.trustProxy === "number"
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    frameworkErrors,
  });
  // Hooks that run on every request take a callback rather than return a promise: cheaper.
  app.addHook("onResponse", (request, reply, done) => {
    request.log.info(
      {
        req: { method: request.method, url: loggedUrl(request) },
        res: { statusCode: reply.statusCode },
        responseTime: reply.elapsedTime,
      },
      "request completed",
    );
    done();
  });
  app.setValidatorCompiler(validatorCompiler);
  // Bodies are JSON. Fastify would also read text/plain, a type any web page may send to another
  // site without asking: it is refused like every other type (415).
  app.removeContentTypeParser("text/plain");
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await registerSecurity(app, config);
  const accesses = createAccessResolver(db, deps.now ?? systemClock);
  const bearer = createBearerCheck(db, deps.now ?? systemClock);
  await registerSessions(app, config, db, deps.now, accesses, bearer);

  const mailer = createMailer(config, { log: app.log });
  const clock = deps.now ?? systemClock;
  const vapidKeys = rememberedVapidKeys(db);
  const scheduler = createScheduler({
    db,
    clock,
    log: app.log,
    manual: deps.jobs?.manual,
    setDatabaseTime: deps.jobs?.setDatabaseTime,
  });
  const context: AppContext = {
    config,
    db,
    storage: deps.storage ?? createStorage(config),
    passwords: deps.passwords ?? createPasswordHasher(),
    mailer,
    clock,
    accesses,
    scheduler,
    familyChanges: createFamilyChanges(),
    log: app.log,
    notify: {
      mailer,
      now: clock,
      origin: linkOrigin(config),
      vapidKeys,
      vapidSubject: vapidSubject(config),
      allowHttpPush: deps.allowHttpPush ?? false,
      ntfyAllowedHosts: config.ntfyAllowedHosts,
      pushAllowedHosts: deps.pushAllowedHosts ?? [],
      log: app.log,
    },
  };
  housekeepingJobs(context, MODULES);
  for (const module of MODULES) {
    if (module.jobsAreReminders && deps.reminders === false) continue;
    module.jobs?.(context);
  }
  app.decorate("scheduler", scheduler);
  app.decorate("familyChanges", context.familyChanges);
  app.decorate("erasure", createErasure({ db, scheduler, clock, log: app.log }));
  app.addHook("onReady", async () => {
    await scheduler.start();
    for (const module of MODULES) await module.ready?.(context);
  });
  app.addHook("onClose", () => scheduler.stop());
  // What the app logged last is written as it closes, not up to a moment later.
  if (logStream) app.addHook("onClose", async () => logStream.flush());
  // The VAPID keys are made at the first start, before any browser asks for the public one.
  app.addHook("onReady", async () => {
    await vapidKeys();
  });
  // Messages saved without mail settings (exports, confirmation links) do not pile up on the disk:
  // swept at start, then every hour (housekeeping.ts).
  try {
    sweepOutbox(outboxDir(config.dataDir), clock());
  } catch (error) {
    app.log.warn({ fault: (error as Error).name }, "outbox sweep failed");
  }
  app.decorate("signedInRoutes", [] as RegisteredRoute[]);
  app.decorate("publicRoutes", [] as RegisteredRoute[]);
  app.decorate("outsideApiRoutes", [] as RegisteredRoute[]);
  // The API's description, from the routes' schemas: it sees the routes registered after it.
  await registerOpenApi(app, config, {
    signedIn: app.signedInRoutes,
    public: app.publicRoutes,
    outsideApi: app.outsideApiRoutes,
  });

  await app.register(async (api) => {
    // Personal data: no browser or proxy may keep a copy of any API answer.
    api.addHook("onRequest", (_request, reply, done) => {
      reply.header("cache-control", "no-store");
      done();
    });
    await api.register(async (open) => {
      open.addHook("onRoute", listRoutesIn(app.publicRoutes));
      for (const routes of MODULES.flatMap((m) => m.publicRoutes ?? [])) await routes(open, context);
    });
    await api.register(
      signedIn(async (scope) => {
        scope.addHook("onRoute", listRoutesIn(app.signedInRoutes));
        for (const routes of MODULES.flatMap((m) => m.routes ?? [])) await routes(scope, context);
      }),
    );
    // The description and its reference page: signed in, unless API_DOCS_PUBLIC.
    await api.register(apiDocsRoutes(config));
  });

  // Outside the API scope: photos, served to their owner only (they may be cached privately).
  for (const routes of MODULES.flatMap((m) => m.outsideApiRoutes ?? [])) {
    await app.register(async (scope) => {
      scope.addHook("onRoute", listRoutesIn(app.outsideApiRoutes));
      await routes(scope, context);
    });
  }

  // The page says who is signed in, as GET /api/auth/user would answer, and carries their children
  // as GET /api/children answers them: the header, the dashboard's greeting and its cards for each
  // child start from that list.
  await registerClientShell(app, clientDir, {
    signedInUser: (request, reply) => signedInAnswer(db, request, reply),
    firstAnswers: async (request) => {
      const children = await app.inject({
        method: "GET",
        url: "/api/children",
        headers: { cookie: request.headers.cookie ?? "" },
      });
      return children.statusCode === 200 ? { "/api/children": children.json() } : {};
    },
  });
  return app;
}
