import Fastify, {
  type FastifyInstance,
  type FastifyRequest,
  LogController,
  type RouteOptions,
} from "fastify";
import type { AppContext, ModuleJobs, ModuleRoutes } from "./app-context";
import type { Config } from "./config";
import type { Db } from "./db/client";
import { housekeepingJobs } from "./housekeeping";
import { createAccessResolver } from "./lib/family-access";
import { createFamilyChanges, type FamilyChanges } from "./lib/family-changes";
import { createMailer, outboxDir, sweepOutbox } from "./lib/mailer";
import { createScheduler, type Scheduler } from "./lib/scheduler";
import { type Clock, systemClock } from "./lib/session-store";
import { linkOrigin } from "./lib/site-origin";
import { accountRoutes } from "./modules/account/account.routes";
import { allergyRoutes } from "./modules/allergies/allergies.routes";
import { authPublicRoutes, authRoutes } from "./modules/auth/auth.routes";
import { passkeyPublicRoutes, passkeyRoutes } from "./modules/auth/passkeys.routes";
import { passwordPublicRoutes, passwordRoutes } from "./modules/auth/password.routes";
import { createPasswordHasher, type PasswordHasher } from "./modules/auth/passwords";
import { signedInAnswer } from "./modules/auth/signed-in";
import { careTeamRoutes } from "./modules/care-team/care-team.routes";
import { childrenRoutes } from "./modules/children/children.routes";
import { dashboardRoutes } from "./modules/dashboard/dashboard.routes";
import { exportRoutes } from "./modules/exports/exports.routes";
import { restoreRoutes } from "./modules/exports/restore/restore.routes";
import { familyRoutes, invitationPublicRoutes } from "./modules/family/family.routes";
import { foodDiaryRoutes } from "./modules/food-diary/food-diary.routes";
import { growthRoutes } from "./modules/growth/growth.routes";
import { infusionCenterRoutes } from "./modules/infusion-centers/infusion-centers.routes";
import { labTestRoutes } from "./modules/lab-tests/lab-tests.routes";
import { lineCareRoutes } from "./modules/line-care/line-care.routes";
import { medicalPhotoRoutes } from "./modules/medical-photos/medical-photos.routes";
import { medicationDoseRoutes } from "./modules/medication-doses/medication-doses.routes";
import { medicationRoutes } from "./modules/medications/medications.routes";
import { noteRoutes } from "./modules/notes/notes.routes";
import { notificationSettingsRoutes } from "./modules/notifications/notification-settings.routes";
import { notificationRoutes } from "./modules/notifications/notifications.routes";
import { loadVapidKeys, type VapidKeys, vapidSubject } from "./modules/notifications/vapid-keys";
import { objectRoutes, objectServingRoutes } from "./modules/objects/objects.routes";
import { physicalTherapyRoutes } from "./modules/physical-therapy/physical-therapy.routes";
import { piccRoutes } from "./modules/picc/picc.routes";
import { pnPrescriptionRoutes } from "./modules/pn-prescriptions/pn-prescriptions.routes";
import { sharedSummaryRoutes, shareLinkRoutes } from "./modules/share-links/share-links.routes";
import { specialistVisitRoutes } from "./modules/specialist-visits/specialist-visits.routes";
import { supplyRoutes } from "./modules/supplies/supplies.routes";
import { symptomRoutes } from "./modules/symptoms/symptoms.routes";
import { reminderActionRoutes } from "./modules/tasks/reminders/reminder-actions.routes";
import { reminderJobs } from "./modules/tasks/reminders/reminders.jobs";
import { reminderRoutes } from "./modules/tasks/reminders/reminders.routes";
import { taskRoutes } from "./modules/tasks/tasks.routes";
import { tpnRoutes } from "./modules/tpn/tpn.routes";
import { vitalRoutes } from "./modules/vitals/vitals.routes";
import { registerClientShell } from "./plugins/client-shell";
import { frameworkErrors, registerErrorHandler } from "./plugins/errors";
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
    /** The app's timed jobs: started when the app is ready, stopped as it closes. */
    scheduler: Scheduler;
    /** Where a change of a family's records or settings is announced (lib/family-changes.ts). */
    familyChanges: FamilyChanges;
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

/** The routes a signed-out visitor can reach. */
const PUBLIC_MODULES: readonly ModuleRoutes[] = [
  authPublicRoutes,
  passwordPublicRoutes,
  passkeyPublicRoutes,
  invitationPublicRoutes,
  sharedSummaryRoutes,
  reminderActionRoutes,
];

/** Every module's jobs (queues and recurring jobs), declared on the scheduler before it starts. */
const MODULE_JOBS: readonly ModuleJobs[] = [housekeepingJobs];

/** Everything else: registered in the signed-in scope, so each answers 401 without a session. */
const SIGNED_IN_MODULES: readonly ModuleRoutes[] = [
  authRoutes,
  passwordRoutes,
  passkeyRoutes,
  accountRoutes,
  familyRoutes,
  shareLinkRoutes,
  careTeamRoutes,
  childrenRoutes,
  pnPrescriptionRoutes,
  tpnRoutes,
  specialistVisitRoutes,
  labTestRoutes,
  symptomRoutes,
  allergyRoutes,
  noteRoutes,
  physicalTherapyRoutes,
  medicationRoutes,
  medicationDoseRoutes,
  foodDiaryRoutes,
  supplyRoutes,
  infusionCenterRoutes,
  piccRoutes,
  lineCareRoutes,
  vitalRoutes,
  growthRoutes,
  objectRoutes,
  medicalPhotoRoutes,
  taskRoutes,
  reminderRoutes,
  dashboardRoutes,
  exportRoutes,
  restoreRoutes,
  notificationRoutes,
  notificationSettingsRoutes,
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
  const app = Fastify({
    logger:
      logger === false
        ? false
        : { level: config.logLevel, ...(logger === true ? {} : { stream: logger.stream }) },
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
  app.addHook("onResponse", async (request, reply) => {
    request.log.info(
      {
        req: { method: request.method, url: loggedUrl(request) },
        res: { statusCode: reply.statusCode },
        responseTime: reply.elapsedTime,
      },
      "request completed",
    );
  });
  app.setValidatorCompiler(validatorCompiler);
  // Bodies are JSON. Fastify would also read text/plain, a type any web page may send to another
  // site without asking: it is refused like every other type (415).
  app.removeContentTypeParser("text/plain");
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await registerSecurity(app, config);
  const accesses = createAccessResolver(db, deps.now ?? systemClock);
  await registerSessions(app, config, db, deps.now, accesses);

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
  for (const jobs of MODULE_JOBS) jobs(context);
  if (deps.reminders !== false) reminderJobs(context);
  app.decorate("scheduler", scheduler);
  app.decorate("familyChanges", context.familyChanges);
  app.addHook("onReady", () => scheduler.start());
  app.addHook("onClose", () => scheduler.stop());
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

  await app.register(async (api) => {
    // Personal data: no browser or proxy may keep a copy of any API answer.
    api.addHook("onRequest", async (_request, reply) => {
      reply.header("cache-control", "no-store");
    });
    await api.register(async (open) => {
      open.addHook("onRoute", listRoutesIn(app.publicRoutes));
      for (const routes of PUBLIC_MODULES) await routes(open, context);
    });
    await api.register(
      signedIn(async (scope) => {
        scope.addHook("onRoute", listRoutesIn(app.signedInRoutes));
        for (const routes of SIGNED_IN_MODULES) await routes(scope, context);
      }),
    );
  });

  // Photos: served to their owner only, outside the API scope (they may be cached privately).
  await app.register(async (objects) => objectServingRoutes(objects, context));

  // The page says who is signed in, as GET /api/auth/user would answer.
  await registerClientShell(app, clientDir, {
    signedInUser: (request, reply) => signedInAnswer(db, request, reply),
  });
  return app;
}
