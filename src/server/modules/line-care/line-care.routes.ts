import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ASPEN_CLABSI_PER_1000 } from "../../../domain/line-care";
import {
  careStatusRecord,
  lineCareInput,
  lineCareRecord,
  lineRatesRecord,
} from "../../../domain/line-care-records";
import type { ModuleRoutes } from "../../app-context";
import { notFound } from "../../lib/errors";
import { idParams, registerOwnedRoutes } from "../../lib/owned-routes";
import { lineCareRecords, lineCareStatusOf, lineRatesOf } from "./line-care.queries";

export const lineCareRoutes: ModuleRoutes = (scope, { db, clock }) => {
  registerOwnedRoutes(scope, db, {
    path: "/api/line-care",
    records: lineCareRecords,
    input: lineCareInput,
    record: lineCareRecord,
    updateMethods: ["PATCH"],
  });
  const r = scope.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/picc-lines/:id/care-status",
    { schema: { params: idParams, response: { 200: z.array(careStatusRecord) } } },
    async (request) => {
      const status = await lineCareStatusOf(
        db,
        request.access(),
        request.params.id,
        clock(),
        request.familyClock.timeZone,
      );
      if (!status) throw notFound("Line");
      return status;
    },
  );

  r.get(
    "/api/picc-lines/rates",
    {
      schema: {
        querystring: z.object({ childId: z.uuid({ message: "childId must be a valid id" }) }),
        response: { 200: lineRatesRecord },
      },
    },
    async (request) => ({
      ...(await lineRatesOf(
        db,
        request.access(),
        request.query.childId,
        clock(),
        request.familyClock.timeZone,
      )),
      benchmarkBloodstreamPer1000: ASPEN_CLABSI_PER_1000,
    }),
  );
};
