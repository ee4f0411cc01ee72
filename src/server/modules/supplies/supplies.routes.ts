import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { today } from "../../../domain/dates";
import {
  runOutForecast,
  supplyInput,
  supplyListItemRecord,
  supplyRecord,
  supplyUsageInput,
  supplyUsageRecord,
} from "../../../domain/supplies";
import type { ModuleRoutes } from "../../app-context";
import { registerOwnedRoutes } from "../../lib/owned-routes";
import { lowStockSupplies, recentUsage, supplyRecords, usageRecords } from "./supplies.queries";

export const supplyRoutes: ModuleRoutes = (scope, { db }) => {
  const r = scope.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/tpn-supplies",
    { schema: { response: { 200: z.array(supplyListItemRecord) } } },
    async (request) => {
      const ownerId = request.ownerId();
      const supplies = await supplyRecords.list(db, ownerId);
      const day = today();
      const usage = await recentUsage(
        db,
        ownerId,
        supplies.map((s) => s.id),
        day,
      );
      return supplies.map((supply) => ({
        ...supply,
        runsOutInDays: runOutForecast(
          supply.currentStock,
          usage.filter((u) => u.supplyId === supply.id),
          day,
        ),
      }));
    },
  );

  r.get("/api/tpn-supplies/low-stock", { schema: { response: { 200: z.array(supplyRecord) } } }, (request) =>
    lowStockSupplies(db, request.ownerId()),
  );

  registerOwnedRoutes(scope, db, {
    path: "/api/tpn-supplies",
    records: supplyRecords,
    input: supplyInput,
    record: supplyRecord,
    updateMethods: ["PATCH"],
    customList: true,
  });

  registerOwnedRoutes(scope, db, {
    path: "/api/supply-usage",
    records: usageRecords,
    input: supplyUsageInput,
    record: supplyUsageRecord,
    updateMethods: ["PATCH"],
  });
};
