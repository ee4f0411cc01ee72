import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { activityItemRecord, dashboardStatsRecord } from "../../../domain/dashboard";
import type { ModuleRoutes } from "../../app-context";
import { childListQuery } from "../../lib/owned-routes";
import { dashboardStats, recentActivity } from "./dashboard.queries";

export const dashboardRoutes: ModuleRoutes = (scope, { db }) => {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/dashboard/stats",
    { schema: { querystring: childListQuery, response: { 200: dashboardStatsRecord } } },
    (request) => dashboardStats(db, request.access(), request.query.childId),
  );
  r.get(
    "/api/dashboard/activity",
    { schema: { response: { 200: z.array(activityItemRecord) } } },
    (request) => recentActivity(db, request.access()),
  );
};
