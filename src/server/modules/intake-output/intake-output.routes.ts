import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { familyClock, todayIn } from "../../../domain/clock";
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
import type { ModuleRoutes } from "../../app-context";
import { badRequest, notFound } from "../../lib/errors";
import { registerOwnedRoutes } from "../../lib/owned-routes";
import {
  dayBalanceOf,
  fluidIntakeRecords,
  fluidLimitsRecords,
  fluidOutputRecords,
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
};
