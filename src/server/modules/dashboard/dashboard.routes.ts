import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client";
import { dashboardStats, recentActivity } from "./dashboard.queries";

export function dashboardRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const query = z.object({ childId: z.uuid({ message: "childId must be a valid id" }).optional() });

  r.get("/api/dashboard/stats", { schema: { querystring: query } }, (request) =>
    dashboardStats(db, request.ownerId(), request.query.childId),
  );

  r.get("/api/dashboard/activity", (request) => recentActivity(db, request.ownerId()));
}
