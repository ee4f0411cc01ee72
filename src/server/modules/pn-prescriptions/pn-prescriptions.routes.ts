import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requiredId } from "../../../domain/fields";
import {
  activePnPrescriptionRecord,
  pnPerKgRecord,
  pnPrescriptionInput,
  pnPrescriptionRecord,
} from "../../../domain/pn-records";
import type { ModuleRoutes } from "../../app-context";
import { registerOwnedRoutes } from "../../lib/owned-routes";
import { activePrescription, perKgByDay, pnPrescriptionRecords } from "./pn-prescriptions.queries";

export const pnPrescriptionRoutes: ModuleRoutes = (scope, { db, clock }) => {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/pn-prescriptions/active",
    {
      schema: {
        querystring: z.object({ childId: requiredId("childId") }),
        response: { 200: activePnPrescriptionRecord },
      },
    },
    (request) =>
      activePrescription(db, request.access(), request.query.childId, clock(), request.familyClock.timeZone),
  );
  r.get(
    "/api/pn-prescriptions/per-kg",
    {
      schema: {
        querystring: z.object({
          childId: requiredId("childId"),
          days: z.coerce
            .number({ message: "days must be a number" })
            .int("days must be a whole number")
            .min(1, "days must be at least 1")
            .max(366, "days must be at most 366")
            .default(30),
        }),
        response: { 200: pnPerKgRecord },
      },
    },
    (request) =>
      perKgByDay(
        db,
        request.access(),
        request.query.childId,
        request.query.days,
        clock(),
        request.familyClock.timeZone,
      ),
  );
  registerOwnedRoutes(scope, db, {
    path: "/api/pn-prescriptions",
    records: pnPrescriptionRecords,
    input: pnPrescriptionInput,
    record: pnPrescriptionRecord,
    updateMethods: ["PATCH"],
  });
};
