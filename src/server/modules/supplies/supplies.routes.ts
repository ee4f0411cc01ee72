import { eq } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
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
  supplyReorder,
  supplyStockEventRecord,
  supplyUsageInput,
  supplyUsageRecord,
} from "../../../domain/supplies";
import { kitLineInput, kitLineRecord } from "../../../domain/supply-kits";
import { DEFAULT_TASK_SETTINGS } from "../../../domain/tasks";
import { familyClock } from "../../../domain/time-zones";
import type { ModuleRoutes } from "../../app-context";
import { families } from "../../db/schema/index";
import { familyScope, registerOwnedRoutes } from "../../lib/owned-routes";
import { createHashOf } from "../../lib/record-ids";
import { inTransaction, type WriteContext } from "../../lib/transaction";
import {
  countStock,
  earlierStockEvents,
  kitRecords,
  lowStockSupplies,
  receiveDelivery,
  recentUsage,
  type StockEventRow,
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
      // The delivery cycle and the days of stock to keep on delivery day (the family's settings).
      const [settings] = await db
        .select({
          deliveryWeekday: families.deliveryWeekday,
          nextDeliveryDate: families.nextDeliveryDate,
          stockDaysToKeep: families.stockDaysToKeep,
        })
        .from(families)
        .where(eq(families.id, familyId));
      const clock = familyClock();
      return supplies.map((supply) => {
        const used = usage.filter((u) => u.supplyId === supply.id);
        return {
          ...supply,
          runsOutInDays: runOutForecast(supply.currentStock, used, day),
          reorder: supplyReorder({
            currentStock: supply.currentStock,
            usages: used,
            settings: settings ?? DEFAULT_TASK_SETTINGS,
            now: clock.now(),
            timeZone: clock.timeZone,
          }),
        };
      });
    },
  );

  r.get("/api/tpn-supplies/low-stock", { schema: { response: { 200: z.array(supplyRecord) } } }, (request) =>
    lowStockSupplies(db, request.access().familyId),
  );

  // A delivery and a stocktake: every line or none, in one transaction (201 with the history
  // lines). Lines sent with their ids are recorded once: the same request sent again answers 200
  // with the lines the first one recorded, and moves no stock.
  const events = z.array(supplyStockEventRecord);
  const stockChange =
    <L extends { id?: string | undefined }>(
      route: string,
      record: (ctx: WriteContext, lines: L[]) => Promise<StockEventRow[]>,
    ) =>
    async (request: FastifyRequest<{ Body: { lines: L[] } }>, reply: FastifyReply) => {
      const { lines } = request.body;
      const hash = createHashOf(route, { lines: lines.map(({ id: _id, ...line }) => line) });
      const claims = lines.flatMap((line) => (line.id ? [{ id: line.id, bodyHash: hash }] : []));
      const { rows, created } = await inTransaction(db, familyScope(request), async (ctx) => {
        const earlier = claims.length ? await earlierStockEvents(ctx, claims) : null;
        if (earlier) return { rows: earlier, created: false };
        return { rows: await record(ctx, lines), created: true };
      });
      return reply.status(created ? 201 : 200).send(rows);
    };
  r.post(
    "/api/tpn-supplies/receipts",
    { schema: { body: supplyReceiptInput, response: { 200: events, 201: events } } },
    stockChange("/api/tpn-supplies/receipts", receiveDelivery),
  );
  r.post(
    "/api/tpn-supplies/counts",
    { schema: { body: supplyCountInput, response: { 200: events, 201: events } } },
    stockChange("/api/tpn-supplies/counts", countStock),
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

  // A kit's lines: what each PN bag and each dressing change draws from stock.
  registerOwnedRoutes(scope, db, {
    path: "/api/supply-kits",
    records: kitRecords,
    input: kitLineInput,
    record: kitLineRecord,
    updateMethods: ["PATCH"],
  });

  registerOwnedRoutes(scope, db, {
    path: "/api/supply-usage",
    records: usageRecords,
    input: supplyUsageInput,
    record: supplyUsageRecord,
    updateMethods: ["PATCH"],
  });
};
