import { AsyncLocalStorage } from "node:async_hooks";
import type { FastifyInstance } from "fastify";
import {
  DEFAULT_TIME_ZONE,
  deviceTimeZone,
  type FamilyClock,
  setFamilyClockSource,
} from "../../domain/clock";
import type { Clock } from "../lib/session-store";

declare module "fastify" {
  interface FastifyRequest {
    /** The family's zone and the app's clock for this request (the signed-in account's zone). */
    familyClock: FamilyClock;
  }
}

const requests = new AsyncLocalStorage<FamilyClock>();

/**
 * `familyClock()` (src/domain/clock.ts) on the server: the zone of the account the request is
 * signed in as, and the app's clock (which tests move). Outside a request: this machine's.
 */
function installSource() {
  setFamilyClockSource(() => requests.getStore() ?? { timeZone: deviceTimeZone(), now: () => new Date() });
}

/**
 * Every request runs with a family clock of its own: UTC until the session is loaded, then the
 * family's zone (`plugins/access.ts`), so the date rules the body's schema checks and every
 * "today" a route reads are the family's.
 */
export function registerFamilyClock(app: FastifyInstance, clock: Clock): void {
  installSource();
  app.decorateRequest("familyClock", null as unknown as FamilyClock);
  app.addHook("onRequest", (request, _reply, done) => {
    const familyClock: FamilyClock = { timeZone: DEFAULT_TIME_ZONE, now: clock };
    request.familyClock = familyClock;
    requests.run(familyClock, done);
  });
}
