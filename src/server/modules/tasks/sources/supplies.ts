import { and, eq, inArray, sql } from "drizzle-orm";
import { addDays, dayNumber } from "../../../../domain/dates";
import { DELIVERY_EVERY_DAYS, needsReorder, reorderPoint, runOutForecast } from "../../../../domain/supplies";
import {
  DAY,
  dayTaskAt,
  nextDeliveryDate,
  ORDER_BY_TIME,
  ORDER_COVERS_DAYS,
  TASK_KIND_TABLE,
} from "../../../../domain/tasks";
import type { Tx } from "../../../db/client";
import { supplyStockEvents, tpnSupplies } from "../../../db/schema/index";
import { recentUsage } from "../../supplies/supplies.queries";
import { type Context, doneBy, type Part, type TaskSource } from "./source";

const reorder = TASK_KIND_TABLE["supply-reorder"];
const expiry = TASK_KIND_TABLE["supply-expiry"];

/**
 * The family's supplies: one to reorder when it is at or under its threshold, its forecast runs
 * out by the next delivery (with no delivery day set, within a week), or its order must come with
 * the next delivery to keep the family's days of stock on delivery day (`reorderPoint`), due by
 * noon the day before that delivery or the day it runs out, whichever comes first (noon today when
 * neither is known);
 * ordered (Done) it rests until a delivery of it is received, or a week. One in stock that expires
 * within the family's warning days: checked (Done) once, then again on its expiry day.
 */
async function derive(c: Context): Promise<Part[]> {
  const supplies = await c.db.select().from(tpnSupplies).where(eq(tpnSupplies.familyId, c.view.familyId));
  if (supplies.length === 0) return [];
  const ids = supplies.map((s) => s.id);
  const usage = await recentUsage(c.db as Tx, c.view.familyId, ids, c.today);
  const receipts = await c.db
    .select({
      supplyId: supplyStockEvents.supplyId,
      at: sql<Date>`max(${supplyStockEvents.createdAt})`.mapWith((v) => new Date(v)),
    })
    .from(supplyStockEvents)
    .where(
      and(
        eq(supplyStockEvents.familyId, c.view.familyId),
        eq(supplyStockEvents.kind, "receipt"),
        inArray(supplyStockEvents.supplyId, ids),
      ),
    )
    .groupBy(supplyStockEvents.supplyId);
  const delivery = nextDeliveryDate(c.settings, c.today);
  const tasks: Part[] = [];
  for (const supply of supplies) {
    const days = runOutForecast(
      supply.currentStock,
      usage.filter((u) => u.supplyId === supply.id),
      c.today,
    );
    const runOut = days === null ? null : addDays(c.today, days);
    const low = needsReorder(supply);
    const runsShort =
      runOut !== null && (delivery ? runOut <= delivery : dayNumber(runOut) - dayNumber(c.today) <= 7);
    // The order that keeps the days of stock must go with the first delivery that can still be ordered.
    const point = reorderPoint({
      currentStock: supply.currentStock,
      usages: usage.filter((u) => u.supplyId === supply.id),
      today: c.today,
      nextDelivery: delivery,
      daysToKeep: c.settings.stockDaysToKeep,
    });
    const firstOrderable =
      delivery && delivery <= c.today ? addDays(delivery, DELIVERY_EVERY_DAYS) : delivery;
    const keepsShort = point !== null && point.delivery === firstOrderable;
    if (low || runsShort || keepsShort) {
      const orderBy = [keepsShort ? point.delivery : delivery, runOut]
        .filter((d): d is string => d !== null)
        .sort()[0];
      let dueAt = orderBy
        ? dayTaskAt(addDays(orderBy, -1), c.timeZone, ORDER_BY_TIME)
        : dayTaskAt(c.today, c.timeZone, ORDER_BY_TIME);
      const ordered = c.eventOf("supply-reorder", { supplyId: supply.id });
      const received = receipts.find((r) => r.supplyId === supply.id)?.at ?? null;
      const covers = ordered ? new Date(ordered.doneAt.getTime() + ORDER_COVERS_DAYS * DAY) : null;
      if (ordered && covers && covers > c.now && (!received || ordered.doneAt > received)) dueAt = covers;
      tasks.push({
        id: `supply-reorder:${supply.id}`,
        kind: "supply-reorder",
        childId: null,
        subjectId: supply.id,
        title: reorder.title(supply),
        detail: reorder.detail({ stock: supply.currentStock, unit: supply.unit, runOut, delivery }),
        dueAt,
        lastDone: ordered ? doneBy(ordered.doneAt, ordered) : null,
      });
    }
    const expires = supply.expirationDate;
    if (expires && supply.currentStock > 0 && expires <= addDays(c.today, c.settings.expiryWarningDays)) {
      const warnAt = dayTaskAt(addDays(expires, -c.settings.expiryWarningDays), c.timeZone);
      const expiresAt = dayTaskAt(expires, c.timeZone);
      const checked = c.eventOf("supply-expiry", { supplyId: supply.id });
      const answered = checked?.forDueAt ?? null;
      const dueAt = !answered || answered < warnAt ? warnAt : answered < expiresAt ? expiresAt : null;
      if (dueAt) {
        tasks.push({
          id: `supply-expiry:${supply.id}`,
          kind: "supply-expiry",
          childId: null,
          subjectId: supply.id,
          title: expiry.title({ name: supply.name, expiry: expires, expired: expires < c.today }),
          detail: expiry.detail({ stock: supply.currentStock, unit: supply.unit }),
          dueAt,
          lastDone: checked ? doneBy(checked.doneAt, checked) : null,
        });
      }
    }
  }
  return tasks;
}

export const supplySource: TaskSource = { derive };
