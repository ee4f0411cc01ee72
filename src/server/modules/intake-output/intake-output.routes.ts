import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { familyClock, todayIn } from "../../../domain/clock";
import { addDays, daysBetween } from "../../../domain/dates";
import { isoDate } from "../../../domain/fields";
import {
  dayBalanceRecord,
  fluidIntakeInput,
  fluidIntakeRecord,
  fluidLimitsInput,
  fluidLimitsRecord,
  fluidOutputInput,
  fluidOutputRecord,
} from "../../../domain/intake-output";
import { WEANING_BY, WEANING_MAX_DAYS, weaningRecord, weekStart } from "../../../domain/weaning";
import type { ModuleRoutes } from "../../app-context";
import { badRequest, notFound } from "../../lib/errors";
import { registerOwnedRoutes } from "../../lib/owned-routes";
import {
  dayBalanceOf,
  fluidIntakeRecords,
  fluidLimitsRecords,
  fluidOutputRecords,
  weaningOf,
} from "./intake-output.queries";

export const intakeOutputRoutes: ModuleRoutes = (scope, { db }) => {
  registerOwnedRoutes(scope, db, {
    path: "/api/fluid-intake",
    records: fluidIntakeRecords,
    input: fluidIntakeInput,
    record: fluidIntakeRecord,
    updateMethods: ["PATCH"],
  });
  registerOwnedRoutes(scope, db, {
    path: "/api/fluid-output",
    records: fluidOutputRecords,
    input: fluidOutputInput,
    record: fluidOutputRecord,
    updateMethods: ["PATCH"],
  });
  registerOwnedRoutes(scope, db, {
    path: "/api/fluid-limits",
    records: fluidLimitsRecords,
    input: fluidLimitsInput,
    record: fluidLimitsRecord,
    updateMethods: ["PATCH"],
  });
  // A child's day: what went in and out, per kilogram, and the energy by route.
  scope.withTypeProvider<ZodTypeProvider>().get(
    "/api/intake-output/balance",
    {
      schema: {
        querystring: z.object({
          childId: z.uuid({ message: "childId must be a valid id" }),
          date: isoDate("date").optional(),
        }),
        response: { 200: dayBalanceRecord },
      },
    },
    async (request) => {
      const clock = familyClock();
      const now = clock.now();
      const today = todayIn(clock.timeZone, now);
      const date = request.query.date ?? today;
      if (date > today) throw badRequest("date cannot be in the future");
      const balance = await dayBalanceOf(db, request.access(), {
        childId: request.query.childId,
        date,
        today,
        timeZone: clock.timeZone,
        now,
      });
      if (!balance) throw notFound("Child");
      return balance;
    },
  );
  // The road off PN: energy by route, a day or a week at a time, with the prescription's versions.
  scope.withTypeProvider<ZodTypeProvider>().get(
    "/api/intake-output/weaning",
    {
      schema: {
        querystring: z.object({
          childId: z.uuid({ message: "childId must be a valid id" }),
          from: isoDate("from").optional(),
          to: isoDate("to").optional(),
          by: z.enum(WEANING_BY, { message: "by must be week or day" }).default("week"),
        }),
        response: { 200: weaningRecord },
      },
    },
    async (request) => {
      const clock = familyClock();
      const today = todayIn(clock.timeZone, clock.now());
      const { childId, by } = request.query;
      const to = request.query.to ?? today;
      if (to > today) throw badRequest("to cannot be in the future");
      // By default: about six months of weeks, or four weeks of days.
      const from = request.query.from ?? addDays(to, by === "week" ? -181 : -27);
      if (from > to) throw badRequest("from must be on or before to");
      if (daysBetween(from, to) + 1 > WEANING_MAX_DAYS[by]) {
        throw badRequest(
          by === "week"
            ? `A range by week is at most ${WEANING_MAX_DAYS.week} days (two years)`
            : `A range by day is at most ${WEANING_MAX_DAYS.day} days`,
        );
      }
      const weaning = await weaningOf(db, request.access(), {
        childId,
        // Whole weeks, from the Monday of the first.
        from: by === "week" ? weekStart(from) : from,
        to,
        by,
      });
      if (!weaning) throw notFound("Child");
      return weaning;
    },
  );
};
