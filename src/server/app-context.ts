import type { FastifyInstance } from "fastify";
import type { Config } from "./config";
import type { Db } from "./db/client";
import type { AccessResolver } from "./lib/family-access";
import type { FamilyChanges } from "./lib/family-changes";
import type { Mailer } from "./lib/mailer";
import type { NotifyDeps } from "./lib/notify-deps";
import type { PasswordHasher } from "./lib/password-hasher";
import type { Scheduler } from "./lib/scheduler";
import type { Clock } from "./lib/session-store";
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
}

/** A module's routes: registered into a scope (the signed-in one, or the public one) with the context. */
export type ModuleRoutes = (scope: FastifyInstance, context: AppContext) => void | Promise<void>;

/**
 * A module's jobs: the queues it handles (`scheduler.work`) and its recurring jobs
 * (`scheduler.every`), declared before the app is ready.
 */
export type ModuleJobs = (context: AppContext) => void;
