import { and, asc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { addDays, today } from "../../../domain/dates";
import { FORECAST_WINDOW_DAYS } from "../../../domain/supplies";
import type { Db, Tx } from "../../db/client";
import { supplyUsage, tpnSupplies } from "../../db/schema/index";
import { redactAuditOfVanished } from "../../lib/audit";
import { conflict, notFound } from "../../lib/errors";
import { ownedRecords, type RowOf } from "../../lib/owned-records";
import type { WriteContext } from "../../lib/transaction";

export type SupplyRow = RowOf<typeof tpnSupplies>;
export type UsageRow = RowOf<typeof supplyUsage>;

export const supplyRecords = ownedRecords({
  entity: "tpn_supply",
  table: tpnSupplies,
  orderBy: [asc(tpnSupplies.name), asc(tpnSupplies.createdAt)],
  summary: (row) => row.name,
  hooks: {
    async inTransaction(ctx, change) {
      // A supply's usage goes with it (its foreign key cascades): so does what the log said of it.
      if (change.action === "delete")
        await redactAuditOfVanished(ctx.tx, ctx.ownerId, "supply_usage", supplyUsage);
    },
  },
});

/** The owner's supplies at or under their reorder threshold (out of stock included). */
export async function lowStockSupplies(db: Db, ownerId: string): Promise<SupplyRow[]> {
  return db
    .select()
    .from(tpnSupplies)
    .where(and(eq(tpnSupplies.userId, ownerId), lte(tpnSupplies.currentStock, tpnSupplies.minThreshold)))
    .orderBy(asc(tpnSupplies.currentStock), asc(tpnSupplies.name));
}

/**
 * Takes `quantity` from a supply's stock in the database itself (no read-modify-write here), only
 * when that much is there: parallel usages all count, and none can take the stock below zero.
 */
async function takeFromStock(ctx: WriteContext, supplyId: string, quantity: number) {
  if (quantity === 0) return;
  const [taken] = await ctx.tx
    .update(tpnSupplies)
    .set({ currentStock: sql`${tpnSupplies.currentStock} - ${quantity}`, updatedAt: new Date() })
    .where(
      and(
        eq(tpnSupplies.id, supplyId),
        eq(tpnSupplies.userId, ctx.ownerId),
        gte(tpnSupplies.currentStock, quantity),
      ),
    )
    .returning({ id: tpnSupplies.id });
  if (taken) return;
  const [supply] = await ctx.tx
    .select({ name: tpnSupplies.name, stock: tpnSupplies.currentStock, unit: tpnSupplies.unit })
    .from(tpnSupplies)
    .where(and(eq(tpnSupplies.id, supplyId), eq(tpnSupplies.userId, ctx.ownerId)));
  if (!supply) throw notFound("Supply");
  throw conflict(
    `Only ${supply.stock} ${supply.unit} of ${supply.name} left in stock: a usage of ${quantity} is more than the stock. Update the stock count first if it is wrong.`,
  );
}

async function returnToStock(ctx: WriteContext, supplyId: string, quantity: number) {
  if (quantity === 0) return;
  await ctx.tx
    .update(tpnSupplies)
    .set({ currentStock: sql`${tpnSupplies.currentStock} + ${quantity}`, updatedAt: new Date() })
    .where(and(eq(tpnSupplies.id, supplyId), eq(tpnSupplies.userId, ctx.ownerId)));
}

/**
 * Supply usage: recording one lowers its supply's stock in the same transaction; editing one
 * moves the difference; deleting one gives back what it took. More than the stock is a 409 and
 * changes nothing.
 */
export const usageRecords = ownedRecords({
  entity: "supply_usage",
  table: supplyUsage,
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
export async function recentUsage(tx: Tx, ownerId: string, supplyIds: string[], until = today()) {
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
        eq(supplyUsage.userId, ownerId),
        inArray(supplyUsage.supplyId, supplyIds),
        gte(supplyUsage.usageDate, addDays(until, -(FORECAST_WINDOW_DAYS - 1))),
      ),
    );
}
