import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { today } from "../../../domain/dates";
import {
  runOutForecast,
  supplyCountInput,
  supplyInput,
  supplyListItemRecord,
  supplyReceiptInput,
  supplyRecord,
  supplyStockEventRecord,
  supplyUsageInput,
  supplyUsageRecord,
} from "../../../domain/supplies";
import type { ModuleRoutes } from "../../app-context";
import { familyScope, registerOwnedRoutes } from "../../lib/owned-routes";
import { inTransaction } from "../../lib/transaction";
import {
  countStock,
  lowStockSupplies,
  receiveDelivery,
  recentUsage,
  stockEventRecords,
  supplyRecords,
  usageRecords,
} from "./supplies.queries";

export const supplyRoutes: ModuleRoutes = (scope, { db }) => {
  const r = scope.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/tpn-supplies",
    { schema: { response: { 200: z.array(supplyListItemRecord) } } },
    async (request) => {
      const familyId = request.access().familyId;
      const supplies = await supplyRecords.list(db, request.access());
      const day = today();
      const usage = await recentUsage(
        db,
        familyId,
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
    lowStockSupplies(db, request.access().familyId),
  );

  // A delivery and a stocktake: every line or none, in one transaction (201 with the history lines).
  r.post(
    "/api/tpn-supplies/receipts",
    { schema: { body: supplyReceiptInput, response: { 201: z.array(supplyStockEventRecord) } } },
    async (request, reply) => {
      const events = await inTransaction(db, familyScope(request), (ctx) =>
        receiveDelivery(ctx, request.body.lines),
      );
      return reply.status(201).send(events);
    },
  );

  r.post(
    "/api/tpn-supplies/counts",
    { schema: { body: supplyCountInput, response: { 201: z.array(supplyStockEventRecord) } } },
    async (request, reply) => {
      const events = await inTransaction(db, familyScope(request), (ctx) =>
        countStock(ctx, request.body.lines),
      );
      return reply.status(201).send(events);
    },
  );

  // A supply's deliveries and counts, newest first, a page at a time (`?supplyId=`).
  r.get(
    "/api/supply-stock-events",
    {
      schema: {
        querystring: z.object({
          supplyId: z.uuid({ message: "supplyId must be a valid id" }).optional(),
          limit: z.coerce.number().int().min(1).max(500).optional(),
          after: z.uuid({ message: "after must be a valid id" }).optional(),
        }),
        response: { 200: z.array(supplyStockEventRecord) },
      },
    },
    async (request, reply) => {
      const { supplyId, limit, after } = request.query;
      const page = await stockEventRecords.page(db, request.access(), {
        where: { supplyId },
        after,
        limit,
      });
      if (page.next) {
        const params = new URLSearchParams({ ...(supplyId ? { supplyId } : {}), after: page.next });
        if (limit) params.set("limit", String(limit));
        reply.header("link", `</api/supply-stock-events?${params.toString()}>; rel="next"`);
      }
      return page.rows;
    },
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
