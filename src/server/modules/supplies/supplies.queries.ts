import { and, asc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { addDays, today } from "../../../domain/dates";
import type { FieldIssue } from "../../../domain/fields";
import {
  FORECAST_WINDOW_DAYS,
  MAX_STOCK,
  type StockEventKind,
  type SupplyCount,
  type SupplyReceipt,
} from "../../../domain/supplies";
import type { Db, Tx } from "../../db/client";
import { supplyStockEvents, supplyUsage, tpnSupplies } from "../../db/schema/index";
import { redactAuditOfVanished, writeAudit } from "../../lib/audit";
import { withAuthorNames } from "../../lib/authors";
import { conflict, HttpError, invalidRecord, notFound } from "../../lib/errors";
import { ownedRecords, type RowOf } from "../../lib/owned-records";
import {
  claimRecordId,
  forgetVanishedCreates,
  noteRecordIds,
  RECORD_ID_TAKEN,
  type RecordClaim,
  recordGone,
} from "../../lib/record-ids";
import type { WriteContext } from "../../lib/transaction";
import { recordType } from "../record-types";

export type SupplyRow = RowOf<typeof tpnSupplies>;
export type UsageRow = RowOf<typeof supplyUsage>;

export const supplyRecords = ownedRecords({
  ...recordType("tpnSupplies"),
  orderBy: [asc(tpnSupplies.name), asc(tpnSupplies.createdAt)],
  summary: (row) => row.name,
  hooks: {
    async inTransaction(ctx, change) {
      // A supply's usage, deliveries and counts go with it (their foreign keys cascade): so does
      // what the log said of them.
      if (change.action === "delete") {
        await redactAuditOfVanished(ctx.tx, ctx.familyId, "supply_usage", supplyUsage);
        for (const entity of Object.values(STOCK_EVENT_ENTITY))
          await redactAuditOfVanished(ctx.tx, ctx.familyId, entity, supplyStockEvents);
        // and what their creates said (a supply's task Dones go with it too).
        for (const name of ["supplyUsage", "supplyStockEvents", "careTaskEvents"] as const) {
          const { entity, table } = recordType(name);
          await forgetVanishedCreates(ctx.tx, ctx.familyId, entity, table);
        }
      }
    },
  },
});

/** The owner's supplies at or under their reorder threshold (out of stock included). */
export async function lowStockSupplies(db: Db, familyId: string): Promise<SupplyRow[]> {
  const rows = await db
    .select()
    .from(tpnSupplies)
    .where(and(eq(tpnSupplies.familyId, familyId), lte(tpnSupplies.currentStock, tpnSupplies.minThreshold)))
    .orderBy(asc(tpnSupplies.currentStock), asc(tpnSupplies.name));
  return withAuthorNames(db, rows);
}

/** A change of a supply's stock is a change of the supply: one version more (see `If-Match`). */
const aChange = () => ({ version: sql`${tpnSupplies.version} + 1` });

/**
 * Takes `quantity` from a supply's stock in the database itself (no read-modify-write here), only
 * when that much is there: parallel usages all count, and none can take the stock below zero.
 */
async function takeFromStock(ctx: WriteContext, supplyId: string, quantity: number) {
  if (quantity === 0) return;
  const [taken] = await ctx.tx
    .update(tpnSupplies)
    .set({
      currentStock: sql`${tpnSupplies.currentStock} - ${quantity}`,
      ...aChange(),
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(tpnSupplies.id, supplyId),
        eq(tpnSupplies.familyId, ctx.familyId),
        gte(tpnSupplies.currentStock, quantity),
      ),
    )
    .returning({ id: tpnSupplies.id });
  if (taken) return;
  const [supply] = await ctx.tx
    .select({ name: tpnSupplies.name, stock: tpnSupplies.currentStock, unit: tpnSupplies.unit })
    .from(tpnSupplies)
    .where(and(eq(tpnSupplies.id, supplyId), eq(tpnSupplies.familyId, ctx.familyId)));
  if (!supply) throw notFound("Supply");
  throw conflict(
    `Only ${supply.stock} ${supply.unit} of ${supply.name} left in stock: a usage of ${quantity} is more than the stock. Update the stock count first if it is wrong.`,
  );
}

async function returnToStock(ctx: WriteContext, supplyId: string, quantity: number) {
  if (quantity === 0) return;
  await ctx.tx
    .update(tpnSupplies)
    .set({
      currentStock: sql`${tpnSupplies.currentStock} + ${quantity}`,
      ...aChange(),
      updatedAt: new Date(),
    })
    .where(and(eq(tpnSupplies.id, supplyId), eq(tpnSupplies.familyId, ctx.familyId)));
}

/**
 * Supply usage: recording one lowers its supply's stock in the same transaction; editing one
 * moves the difference; deleting one gives back what it took. More than the stock is a 409 and
 * changes nothing.
 */
export const usageRecords = ownedRecords({
  ...recordType("supplyUsage"),
  references: [{ field: "supplyId", table: tpnSupplies, label: "Supply" }],
  listFilters: { supplyId: { column: supplyUsage.supplyId } },
  paged: { dateColumn: supplyUsage.usageDate },
  summary: (row) => `${row.quantityUsed} used on ${row.usageDate}`,
  hooks: {
    async inTransaction(ctx, { before, after }) {
      if (before && after && before.supplyId === after.supplyId) {
        const more = after.quantityUsed - before.quantityUsed;
        if (more > 0) await takeFromStock(ctx, after.supplyId, more);
        else await returnToStock(ctx, after.supplyId, -more);
        return;
      }
      if (before) await returnToStock(ctx, before.supplyId, before.quantityUsed);
      if (after) await takeFromStock(ctx, after.supplyId, after.quantityUsed);
    },
  },
});

/** Usage of the owner's supplies over the forecast window, for the run-out forecast. */
export async function recentUsage(tx: Tx, familyId: string, supplyIds: string[], until = today()) {
  if (supplyIds.length === 0) return [];
  return tx
    .select({
      supplyId: supplyUsage.supplyId,
      quantityUsed: supplyUsage.quantityUsed,
      usageDate: supplyUsage.usageDate,
    })
    .from(supplyUsage)
    .where(
      and(
        eq(supplyUsage.familyId, familyId),
        inArray(supplyUsage.supplyId, supplyIds),
        gte(supplyUsage.usageDate, addDays(until, -(FORECAST_WINDOW_DAYS - 1))),
      ),
    );
}

export type StockEventRow = RowOf<typeof supplyStockEvents>;

/** The activity log's name of a receipt and of a count. */
const STOCK_EVENT_ENTITY: Record<StockEventKind, string> = {
  receipt: "supply_receipt",
  count: "supply_count",
};

/** A supply's deliveries and counts, newest first, a page at a time (`?supplyId=`). Written only by `receiveDelivery` and `countStock`. */
export const stockEventRecords = ownedRecords({
  ...recordType("supplyStockEvents"),
  listFilters: { supplyId: { column: supplyStockEvents.supplyId } },
  paged: { dateColumn: supplyStockEvents.eventDate },
  summary: (row) => `${row.kind} of ${row.quantity}`,
});

/**
 * The lines' supplies, locked for this transaction in one order (by id, so two deliveries of the
 * same supplies queue rather than deadlock). A supply that is not the owner's is a 404 and
 * nothing of the request is kept.
 */
async function lockSupplies(ctx: WriteContext, supplyIds: readonly string[]) {
  const rows = await ctx.tx
    .select({
      id: tpnSupplies.id,
      name: tpnSupplies.name,
      unit: tpnSupplies.unit,
      currentStock: tpnSupplies.currentStock,
    })
    .from(tpnSupplies)
    .where(and(eq(tpnSupplies.familyId, ctx.familyId), inArray(tpnSupplies.id, [...supplyIds])))
    .orderBy(asc(tpnSupplies.id))
    .for("update");
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing = supplyIds.findIndex((id) => !byId.has(id));
  if (missing >= 0)
    throw new HttpError(404, `Supply not found (line ${missing + 1})`, {}, [
      { path: `lines.${missing}.supplyId`, message: "Supply not found" },
    ]);
  return byId;
}

async function recordEvents(
  ctx: WriteContext,
  kind: StockEventKind,
  events: {
    /** The id the device gave the line, if any; else the server makes one. */
    id?: string | undefined;
    supplyId: string;
    quantity: number;
    difference: number;
    lot?: string | null;
    expirationDate?: string | null;
    summary: string;
  }[],
  day: string,
): Promise<StockEventRow[]> {
  const rows = await ctx.tx
    .insert(supplyStockEvents)
    .values(
      events.map(({ summary: _summary, ...event }) => ({
        ...event,
        kind,
        eventDate: day,
        familyId: ctx.familyId,
        createdBy: ctx.actorId,
        updatedBy: ctx.actorId,
      })),
    )
    .returning();
  await noteRecordIds(
    ctx.tx,
    ctx.familyId,
    stockEventRecords.type.entity,
    rows.filter((_, index) => !events[index]!.id).map((row) => row.id),
  );
  for (const [index, row] of rows.entries())
    await writeAudit(ctx.tx, {
      familyId: ctx.familyId,
      actorId: ctx.actorId,
      viaToken: ctx.viaToken,
      action: "create",
      entity: STOCK_EVENT_ENTITY[kind],
      entityId: row.id,
      summary: events[index]!.summary,
    });
  return withAuthorNames(ctx.tx, rows);
}

/**
 * A delivery: each line raises its supply's stock by the quantity received and is kept in the
 * supply's history as a receipt, all in the caller's transaction. A line that would take a stock
 * past `MAX_STOCK` is a 400 naming it, and nothing of the delivery is kept.
 */
export async function receiveDelivery(
  ctx: WriteContext,
  lines: SupplyReceipt["lines"],
  day: string = today(),
): Promise<StockEventRow[]> {
  const supplies = await lockSupplies(
    ctx,
    lines.map((line) => line.supplyId),
  );
  const issues: FieldIssue[] = [];
  lines.forEach((line, index) => {
    const supply = supplies.get(line.supplyId)!;
    if (supply.currentStock + line.quantity > MAX_STOCK)
      issues.push({
        path: `lines.${index}.quantity`,
        message: `${supply.name} would hold more than ${MAX_STOCK.toLocaleString("en-US")} ${supply.unit}: check the quantity`,
      });
  });
  if (issues.length > 0) throw invalidRecord(issues);
  for (const line of lines) {
    await ctx.tx
      .update(tpnSupplies)
      .set({
        currentStock: sql`${tpnSupplies.currentStock} + ${line.quantity}`,
        ...aChange(),
        updatedAt: new Date(),
      })
      .where(and(eq(tpnSupplies.id, line.supplyId), eq(tpnSupplies.familyId, ctx.familyId)));
  }
  return recordEvents(
    ctx,
    "receipt",
    lines.map((line) => {
      const supply = supplies.get(line.supplyId)!;
      return {
        id: line.id,
        supplyId: line.supplyId,
        quantity: line.quantity,
        difference: line.quantity,
        lot: line.lot ?? null,
        expirationDate: line.expirationDate ?? null,
        summary: `${supply.name}: +${line.quantity} ${supply.unit}`,
      };
    }),
    day,
  );
}

/**
 * A stocktake: each line sets its supply's stock to the number counted and is kept in the supply's
 * history as a count, with the difference from the stock it replaced (read under the row's lock,
 * so a usage recorded meanwhile is counted in it), all in the caller's transaction.
 */
export async function countStock(
  ctx: WriteContext,
  lines: SupplyCount["lines"],
  day: string = today(),
): Promise<StockEventRow[]> {
  const supplies = await lockSupplies(
    ctx,
    lines.map((line) => line.supplyId),
  );
  for (const line of lines) {
    await ctx.tx
      .update(tpnSupplies)
      .set({ currentStock: line.counted, ...aChange(), updatedAt: new Date() })
      .where(and(eq(tpnSupplies.id, line.supplyId), eq(tpnSupplies.familyId, ctx.familyId)));
  }
  return recordEvents(
    ctx,
    "count",
    lines.map((line) => {
      const supply = supplies.get(line.supplyId)!;
      const difference = line.counted - supply.currentStock;
      const signed =
        difference > 0 ? `+${difference}` : difference < 0 ? `\u2212${-difference}` : "no change";
      return {
        id: line.id,
        supplyId: line.supplyId,
        quantity: line.counted,
        difference,
        summary: `${supply.name}: ${line.counted} ${supply.unit} (${signed})`,
      };
    }),
    day,
  );
}

/**
 * Claims the ids a delivery's or a count's lines carry (`claims`, one per line, in the request's
 * transaction, before anything else of it): null when they are new (the caller records the
 * lines under them), or the records an earlier sending of the same request made, in its lines'
 * order (410 when one was deleted since). Ids of other records, or the same ids with other lines,
 * are a 409 that says nothing of them.
 */
export async function earlierStockEvents(
  ctx: WriteContext,
  claims: readonly RecordClaim[],
): Promise<StockEventRow[] | null> {
  const entity = stockEventRecords.type.entity;
  const fresh: boolean[] = [];
  for (const claim of claims) fresh.push(await claimRecordId(ctx.tx, ctx.familyId, entity, claim));
  if (fresh.every(Boolean)) return null;
  if (fresh.some(Boolean)) throw conflict(RECORD_ID_TAKEN);
  const rows: StockEventRow[] = [];
  for (const claim of claims) {
    const row = await stockEventRecords.get(ctx.tx, ctx, claim.id);
    if (!row) throw recordGone();
    rows.push(row);
  }
  return rows;
}
