import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Config } from "./config";
import type { Db } from "./db/client";
import type { AccessResolver } from "./lib/family-access";
import type { FamilyChanges } from "./lib/family-changes";
import type { Mailer } from "./lib/mailer";
import type { NotifyDeps } from "./lib/notify-deps";
import type { PasswordHasher } from "./lib/password-hasher";
import type { Scheduler } from "./lib/scheduler";
import type { Clock } from "./lib/session-store";
import type { RecordTypeDeclaration } from "./modules/record-type-declaration";
import type { ObjectStorage } from "./storage/object-storage";

/** What the server's modules are given: settings, the database and the other services. */
export interface AppContext {
  config: Config;
  db: Db;
  storage: ObjectStorage;
  passwords: PasswordHasher;
  mailer: Mailer;
  /** What time it is: the system's clock, or the one a test moves on. */
  clock: Clock;
  /** Who may do what in which family; `forget()` after a change of membership, role or family. */
  accesses: AccessResolver;
  /** What `deliver()` (modules/notifications) needs to reach a person: mail, VAPID keys, the site's address. */
  notify: NotifyDeps;
  /** Timed jobs, once across processes: reminders, housekeeping (lib/scheduler.ts). */
  scheduler: Scheduler;
  /** Where a change of a family's records or settings is announced, in its transaction. */
  familyChanges: FamilyChanges;
  /** The server's log (work outside a request: jobs). */
  log: FastifyBaseLogger;
}

/** A module's routes: registered into a scope (the signed-in one, or the public one) with the context. */
export type ModuleRoutes = (scope: FastifyInstance, context: AppContext) => void | Promise<void>;

/**
 * A module's jobs: the queues it handles (`scheduler.work`) and its recurring jobs
 * (`scheduler.every`), declared before the app is ready.
 */
export type ModuleJobs = (context: AppContext) => void;

/** A job the server runs every `everyMs`, once across all its processes (housekeeping.ts). */
export interface RecurringJob {
  name: string;
  everyMs: number;
  run(now: Date): Promise<unknown>;
}

/**
 * What a module brings to the app, said once in its `<module>.module.ts`: app.ts registers every
 * module of its `MODULES` list from these, and nothing of a module is registered by hand.
 */
export interface ModuleDescriptor {
  /** The module's folder under src/server/modules. */
  name: string;
  /** Routes in the signed-in scope: each answers 401 without a session. */
  routes?: readonly ModuleRoutes[];
  /** Routes a signed-out visitor can reach (sign-in, an invitation, a clinic link, a reminder's action). */
  publicRoutes?: readonly ModuleRoutes[];
  /** Routes outside the API scope, which may be cached privately (photos served to their owner). */
  outsideApiRoutes?: readonly ModuleRoutes[];
  /** Its queues and recurring jobs on the scheduler. */
  jobs?: ModuleJobs;
  /**
   * Jobs an app built with `reminders: false` leaves off (test apps on a shared database, so one
   * file's clock does not run another file's families' reminders).
   */
  jobsAreReminders?: true;
  /** What it does once the app is ready and its scheduler runs (queues a job that depends on no record). */
  ready?: (context: AppContext) => Promise<void>;
  /** What it prunes and sweeps, and how often (run through the scheduler like the others). */
  housekeeping?: (context: AppContext) => RecurringJob[];
  /** The record types it owns (their declarations, beside the module: `<type>.record.ts`). */
  recordTypes?: readonly RecordTypeDeclaration[];
}
