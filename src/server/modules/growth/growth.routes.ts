import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { growthRecord } from "../../../domain/vital-records";
import type { ModuleRoutes } from "../../app-context";
import { notFound } from "../../lib/errors";
import { growthOf } from "./growth.queries";

export const growthRoutes: ModuleRoutes = (scope, { db }) => {
  scope.withTypeProvider<ZodTypeProvider>().get(
    "/api/growth",
    {
      schema: {
        querystring: z.object({ childId: z.uuid({ message: "childId must be a valid id" }) }),
        response: { 200: growthRecord },
      },
    },
    async (request) => {
      const growth = await growthOf(db, request.access(), request.query.childId);
      if (!growth) throw notFound("Child");
      return growth;
    },
  );
};
