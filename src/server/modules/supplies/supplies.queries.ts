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
import { KIT_DRAWN_BY, type KitDrawLine, type KitOccasion } from "../../../domain/supply-kits";
import type { Db, Tx } from "../../db/client";
import { supplyKitLines, supplyStockEvents, supplyUsage, tpnSupplies } from "../../db/schema/index";
import { redactAudit, redactAuditOfVanished, writeAudit } from "../../lib/audit";
import { withAuthorNames } from "../../lib/authors";
import { conflict, HttpError, invalidRecord, notFound } from "../../lib/errors";
import { ownedRecords, type RowOf } from "../../lib/owned-records";
import {
  claimRecordId,
  forgetCreates,
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
        await redactAuditOfVanished(ctx.tx, ctx.familyId, "supply_kit_line", supplyKitLines);
        for (const entity of Object.values(STOCK_EVENT_ENTITY))
          await redactAuditOfVanished(ctx.tx, ctx.familyId, entity, supplyStockEvents);
        // and what their creates said (a supply's task Dones go with it too).
        for (const name of [
          "supplyUsage",
          "supplyStockEvents",
          "supplyKitLines",
          "careTaskEvents",
        ] as const) {
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
      // A kit's draw is changed with what drew it: deleting the bag or dressing gives it back.
      if (before && after && (before.tpnEntryId || before.lineCareEventId))
        throw conflict(
          `This usage was drawn by ${before.tpnEntryId ? KIT_DRAWN_BY["pn-bag"] : KIT_DRAWN_BY.dressing}'s kit: delete that entry, or delete this usage and record the right one.`,
        );
      if (before && after && before.supplyId === after.supplyId) {
        const more = after.quantityUsed - before.quantityUsed;
        if (more > 0) await takeFromStock(ctx, after.supplyId, more);
        else await returnToStock(ctx, after.supplyId, -more);
        return;
      }
      // What a kit drew short never left the stock: only the rest goes back.
      if (before) await returnToStock(ctx, before.supplyId, before.quantityUsed - before.quantityShort);
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

/** A kit's lines (src/domain/supply-kits.ts): a supply of the family's once per occasion. */
export const kitRecords = ownedRecords({
  ...recordType("supplyKitLines"),
  references: [{ field: "supplyId", table: tpnSupplies, label: "Supply" }],
  listFilters: { occasion: { column: supplyKitLines.occasion } },
  orderBy: [asc(supplyKitLines.occasion), asc(supplyKitLines.createdAt)],
  summary: (row) => `${row.quantity} per ${row.occasion === "pn-bag" ? "PN bag" : "dressing change"}`,
});

/** The record a kit was drawn by: a TPN entry (tonight's bag) or a line-care event (a dressing change). */
export type DrawnBy = { tpnEntryId: string } | { lineCareEventId: string };

const drawnByColumn = (by: DrawnBy) =>
  "tpnEntryId" in by
    ? eq(supplyUsage.tpnEntryId, by.tpnEntryId)
    : eq(supplyUsage.lineCareEventId, by.lineCareEventId);

/**
 * Draws an occasion's kit from stock in the caller's transaction (the entry's own): one usage per
 * line, linked to the entry, dated `day`. The lines' supplies are locked in one order (parallel
 * bags queue, and each takes its whole kit: none is lost). A line the stock does not hold takes
 * what there is (never below zero) and keeps the rest as short: the bag is never refused for it.
 */
export async function drawKit(ctx: WriteContext, occasion: KitOccasion, by: DrawnBy, day: string) {
  const lines = await ctx.tx
    .select({ supplyId: supplyKitLines.supplyId, quantity: supplyKitLines.quantity })
    .from(supplyKitLines)
    .where(and(eq(supplyKitLines.familyId, ctx.familyId), eq(supplyKitLines.occasion, occasion)))
    .orderBy(asc(supplyKitLines.supplyId));
  if (lines.length === 0) return;
  const supplies = await lockSupplies(
    ctx,
    lines.map((line) => line.supplyId),
  );
  // What each supply still holds as the lines take from it (a supply on two lines is taken once each).
  const left = new Map([...supplies.values()].map((supply) => [supply.id, Math.max(0, supply.currentStock)]));
  const drawn = lines.map((line) => {
    const supply = supplies.get(line.supplyId)!;
    const taken = Math.min(line.quantity, left.get(line.supplyId)!);
    left.set(line.supplyId, left.get(line.supplyId)! - taken);
    return { ...line, supply, taken, short: line.quantity - taken };
  });
  for (const line of drawn) {
    if (line.taken === 0) continue;
    await ctx.tx
      .update(tpnSupplies)
      .set({
        currentStock: sql`${tpnSupplies.currentStock} - ${line.taken}`,
        ...aChange(),
        updatedAt: new Date(),
      })
      .where(and(eq(tpnSupplies.id, line.supplyId), eq(tpnSupplies.familyId, ctx.familyId)));
  }
  const rows = await ctx.tx
    .insert(supplyUsage)
    .values(
      drawn.map((line) => ({
        familyId: ctx.familyId,
        supplyId: line.supplyId,
        quantityUsed: line.quantity,
        quantityShort: line.short,
        usageDate: day,
        ...by,
        createdBy: ctx.actorId,
        updatedBy: ctx.actorId,
      })),
    )
    .returning({ id: supplyUsage.id });
  await noteRecordIds(
    ctx.tx,
    ctx.familyId,
    usageRecords.type.entity,
    rows.map((row) => row.id),
  );
  for (const [index, row] of rows.entries()) {
    const line = drawn[index]!;
    await writeAudit(ctx.tx, {
      familyId: ctx.familyId,
      actorId: ctx.actorId,
      viaToken: ctx.viaToken,
      action: "create",
      entity: usageRecords.type.entity,
      entityId: row.id,
      summary: `${line.quantity} ${line.supply.unit} of ${line.supply.name} drawn by ${KIT_DRAWN_BY[occasion]}${line.short ? ` (${line.short} short)` : ""}`,
    });
  }
}

/** Undoes what an entry's kit drew (the entry is being deleted): its usages go, their stock comes back. */
export async function undoKitDraw(ctx: WriteContext, by: DrawnBy) {
  const rows = await ctx.tx
    .delete(supplyUsage)
    .where(and(eq(supplyUsage.familyId, ctx.familyId), drawnByColumn(by)))
    .returning();
  rows.sort((a, b) => (a.supplyId < b.supplyId ? -1 : a.supplyId > b.supplyId ? 1 : 0));
  for (const row of rows) await returnToStock(ctx, row.supplyId, row.quantityUsed - row.quantityShort);
  const ids = rows.map((row) => row.id);
  await redactAudit(ctx.tx, ctx.familyId, ids);
  await forgetCreates(ctx.tx, ctx.familyId, ids);
}

/**
 * An entry's date corrected: what its kit drew was used on the new day (the supplies' rates of use
 * and order dates count by day).
 */
export async function moveKitDraw(ctx: WriteContext, by: DrawnBy, day: string) {
  await ctx.tx
    .update(supplyUsage)
    .set({ usageDate: day, version: sql`${supplyUsage.version} + 1` })
    .where(and(eq(supplyUsage.familyId, ctx.familyId), drawnByColumn(by)));
}

/** What each of these entries' kits drew, by entry id (`suppliesDrawn` on a TPN entry or a dressing). */
export async function kitDraws(
  tx: Tx,
  familyId: string,
  column: "tpnEntryId" | "lineCareEventId",
  ids: readonly string[],
): Promise<Map<string, KitDrawLine[]>> {
  const byEntry = new Map<string, KitDrawLine[]>();
  if (ids.length === 0) return byEntry;
  const rows = await tx
    .select({
      entryId: supplyUsage[column],
      supplyId: supplyUsage.supplyId,
      quantity: supplyUsage.quantityUsed,
      short: supplyUsage.quantityShort,
      name: tpnSupplies.name,
      unit: tpnSupplies.unit,
    })
    .from(supplyUsage)
    .innerJoin(tpnSupplies, eq(tpnSupplies.id, supplyUsage.supplyId))
    .where(and(eq(supplyUsage.familyId, familyId), inArray(supplyUsage[column], [...ids])))
    .orderBy(asc(tpnSupplies.name));
  for (const { entryId, ...line } of rows) {
    if (!entryId) continue;
    const list = byEntry.get(entryId) ?? [];
    list.push(line);
    byEntry.set(entryId, list);
  }
  return byEntry;
}

/** `extend` for an entry that draws a kit: each row with what its kit drew. */
export const withKitDraws =
  (column: "tpnEntryId" | "lineCareEventId") =>
  async <R extends { id: string }>(tx: Tx, familyId: string, rows: readonly R[]) => {
    const draws = await kitDraws(
      tx,
      familyId,
      column,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({ ...row, suppliesDrawn: draws.get(row.id) ?? [] }));
  };
