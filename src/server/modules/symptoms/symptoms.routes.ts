import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { today as localToday } from "../../../domain/dates";
import { symptomHeatmapRecord } from "../../../domain/symptom-heatmap";
import { symptomEntryInput, symptomEntryRecord } from "../../../domain/symptoms";
import { painDayRecord } from "../../../domain/trends";
import type { ModuleRoutes } from "../../app-context";
import { registerOwnedRoutes } from "../../lib/owned-routes";
import { todayParam, trendDaysParam } from "../../lib/query-params";
import { heatmapOf, painByDay, symptomRecords } from "./symptoms.queries";

const childParam = z.uuid({ message: "childId must be a valid id" }).optional();

export const symptomRoutes: ModuleRoutes = (scope, { db }) => {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/symptoms/heatmap",
    {
      schema: {
        querystring: z.object({ childId: childParam, today: todayParam }),
        response: { 200: symptomHeatmapRecord },
      },
    },
    (request) => heatmapOf(db, request.access(), request.query.today ?? localToday(), request.query.childId),
  );
  r.get(
    "/api/symptoms/pain",
    {
      schema: {
        querystring: z.object({ childId: childParam, today: todayParam, days: trendDaysParam }),
        response: { 200: z.array(painDayRecord) },
      },
    },
    (request) =>
      painByDay(
        db,
        request.access(),
        request.query.today ?? localToday(),
        request.query.days,
        request.query.childId,
      ),
  );
  registerOwnedRoutes(scope, db, {
    path: "/api/symptoms",
    records: symptomRecords,
    input: symptomEntryInput,
    record: symptomEntryRecord,
    updateMethods: ["PATCH"],
  });
};
