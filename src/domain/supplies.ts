import { z } from "zod";
import { todayIn } from "./clock";
import { dayNumber, fromDayNumber as fromDay, today as localToday } from "./dates";
import { nextDeliveryDate, type TaskSettings } from "./tasks";

export { DEFAULT_STOCK_DAYS_TO_KEEP, STOCK_DAYS_TO_KEEP_SOURCE } from "./tasks";

import {
  isoDate,
  newRecordId,
  oneOf,
  optionalDecimal,
  optionalIsoDate,
  optionalText,
  pastDate,
  requiredId,
  requiredText,
} from "./fields";
import {
  authorFields,
  dateOnly,
  nullableDate,
  nullableDecimal,
  nullableText,
  recordBase,
  type Wire,
} from "./records";

export const SUPPLY_CATEGORIES = [
  "tubing",
  "bags",
  "syringes",
  "filters",
  "connectors",
  "catheters",
  "other",
] as const;
export type SupplyCategory = (typeof SUPPLY_CATEGORIES)[number];

/** How each category reads on the form, the card and in the exports. */
export const SUPPLY_CATEGORY_LABELS: Record<SupplyCategory, string> = {
  tubing: "Tubing",
  bags: "Bags",
  syringes: "Syringes",
  filters: "Filters",
  connectors: "Connectors",
  catheters: "Catheters",
  other: "Other",
};

/** Spec section 9: a new supply starts with no stock and a reorder threshold of 5. */
export const DEFAULT_STOCK = 0;
export const DEFAULT_MIN_THRESHOLD = 5;
/** 'Warning' while the stock is at most this many times the threshold. */
export const WARNING_FACTOR = 1.5;
export const MAX_STOCK = 1_000_000;

/**
 * A whole number of items, 0 or more. Left out, it takes the spec's default; sent empty, it falls
 * back to 0 (spec section 5).
 */
const count = (label: string, fallback: number) =>
  z
    .union([z.literal(""), z.null(), z.number(), z.string().trim()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return fallback;
      if (v === "" || v === null) return 0;
      const n = typeof v === "number" ? v : /^\d{1,9}$/.test(v) ? Number(v) : Number.NaN;
      if (!Number.isInteger(n) || n < 0 || n > MAX_STOCK) {
        ctx.addIssue({ code: "custom", message: `${label} must be a whole number from 0 to ${MAX_STOCK}` });
        return z.NEVER;
      }
      return n;
    });

export const supplyInput = z.object({
  name: requiredText("Name"),
  category: oneOf("Category", SUPPLY_CATEGORIES),
  currentStock: count("Current stock", DEFAULT_STOCK),
  minThreshold: count("Minimum threshold", DEFAULT_MIN_THRESHOLD),
  unit: requiredText("Unit", 50),
  supplier: optionalText(200),
  orderNumber: optionalText(100),
  /** Dollars with cents; stored as numeric(10,2). */
  costPerUnit: optionalDecimal("Cost per unit", 8),
  expirationDate: optionalIsoDate("Expiration date"),
  notes: optionalText(),
});
export type SupplyInput = z.input<typeof supplyInput>;

export const supplyRecord = z.object({
  ...recordBase,
  name: z.string(),
  category: z.enum(SUPPLY_CATEGORIES),
  currentStock: z.number().int(),
  minThreshold: z.number().int(),
  unit: z.string(),
  supplier: nullableText,
  orderNumber: nullableText,
  costPerUnit: nullableDecimal,
  expirationDate: nullableDate,
  notes: nullableText,
});
export type Supply = Wire<typeof supplyRecord>;

/** A supply in the list (`GET /api/tpn-supplies`), with its run-out forecast (see `runOutForecast`). */
export const supplyListItemRecord = supplyRecord.extend({
  runsOutInDays: z.number().int().nullable(),
  /** When to order it so the next deliveries keep the family's days of stock (`reorderPoint`). */
  reorder: z.object({ delivery: dateOnly, orderBy: dateOnly, late: z.boolean() }).nullable(),
});
export type SupplyListItem = Wire<typeof supplyListItemRecord>;

export const supplyUsageInput = z.object({
  supplyId: requiredId("Supply"),
  quantityUsed: z.union([z.number(), z.string().trim()]).transform((v, ctx) => {
    const n = typeof v === "number" ? v : /^\d{1,9}$/.test(v) ? Number(v) : Number.NaN;
    if (!Number.isInteger(n) || n < 1 || n > MAX_STOCK) {
      ctx.addIssue({ code: "custom", message: "Quantity used must be a whole number of at least 1" });
      return z.NEVER;
    }
    return n;
  }),
  usageDate: pastDate("Usage date"),
  notes: optionalText(1000),
});
export type SupplyUsageInput = z.input<typeof supplyUsageInput>;

/** A stored usage as a backup holds it: with the kit draw's link and what the stock did not hold. */
export const supplyUsageRestoreInput = supplyUsageInput.extend({
  tpnEntryId: z.uuid().nullable().optional(),
  lineCareEventId: z.uuid().nullable().optional(),
  quantityShort: z.number().int().min(0).max(MAX_STOCK).optional(),
});

export const supplyUsageRecord = z.object({
  id: recordBase.id,
  version: recordBase.version,
  createdAt: recordBase.createdAt,
  ...authorFields,
  supplyId: z.uuid(),
  quantityUsed: z.number().int(),
  usageDate: dateOnly,
  notes: nullableText,
  /** The PN bag or dressing change whose kit drew it (src/domain/supply-kits.ts), if one did. */
  tpnEntryId: z.uuid().nullable(),
  lineCareEventId: z.uuid().nullable(),
  /** Of the quantity, what the stock did not hold when the kit drew it. */
  quantityShort: z.number().int(),
});
export type SupplyUsage = Wire<typeof supplyUsageRecord>;

/** A line of a supply's stock history besides usage: a delivery received, or a stocktake. */
export const STOCK_EVENT_KINDS = ["receipt", "count"] as const;
export type StockEventKind = (typeof STOCK_EVENT_KINDS)[number];
export const STOCK_EVENT_KIND_LABELS: Record<StockEventKind, string> = {
  receipt: "Delivery",
  count: "Stock count",
};

/** A whole number from `min` to `MAX_STOCK`, sent as a number or as digits. */
const wholeNumber = (message: string, min: number) =>
  z.union([z.number(), z.string().trim()], { error: message }).transform((v, ctx) => {
    const n = typeof v === "number" ? v : /^\d{1,9}$/.test(v) ? Number(v) : Number.NaN;
    if (!Number.isInteger(n) || n < min || n > MAX_STOCK) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return n;
  });

const MAX_STOCK_TEXT = MAX_STOCK.toLocaleString("en-US");

/** At most this many lines in one delivery or count: far more supplies than a home keeps. */
export const MAX_STOCK_LINES = 500;

/** Each supply at most once in one delivery or count: a second line would be a typing slip. */
function eachSupplyOnce(lines: readonly { supplyId: string }[], ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  lines.forEach((line, index) => {
    if (seen.has(line.supplyId))
      ctx.addIssue({
        code: "custom",
        path: ["lines", index, "supplyId"],
        message: "This supply is already on an earlier line",
      });
    seen.add(line.supplyId);
  });
}

/**
 * The ids of a delivery's or a count's lines, when the device made them (a delivery noted
 * offline): each line's history record is kept under its id, and the same request sent again
 * answers those records. On every line or on none, each id once.
 */
function eachLineIdOnce(lines: readonly { id?: string | undefined }[], ctx: z.RefinementCtx) {
  const withId = lines.some((line) => line.id !== undefined);
  const seen = new Set<string>();
  lines.forEach((line, index) => {
    const id = line.id?.toLowerCase();
    if (withId && !id)
      ctx.addIssue({
        code: "custom",
        path: ["lines", index, "id"],
        message: "Give every line an id, or none",
      });
    if (id && seen.has(id))
      ctx.addIssue({
        code: "custom",
        path: ["lines", index, "id"],
        message: "This id is on an earlier line",
      });
    if (id) seen.add(id);
  });
}

const stockLines = <T extends z.ZodType<{ supplyId: string }>>(line: T) =>
  z
    .array(line, { error: "Lines must be a list" })
    .min(1, "Add at least one line")
    .max(MAX_STOCK_LINES, `At most ${MAX_STOCK_LINES} lines at once`);

/** `POST /api/tpn-supplies/receipts`: a delivery, each line raising one supply's stock. */
export const supplyReceiptInput = z
  .object({
    lines: stockLines(
      z.object({
        id: newRecordId(),
        supplyId: requiredId("Supply"),
        quantity: wholeNumber(`Quantity received must be a whole number from 1 to ${MAX_STOCK_TEXT}`, 1),
        lot: optionalText(100),
        expirationDate: optionalIsoDate("Expiration date"),
      }),
    ),
  })
  .superRefine((body, ctx) => {
    eachSupplyOnce(body.lines, ctx);
    eachLineIdOnce(body.lines, ctx);
  });
export type SupplyReceiptInput = z.input<typeof supplyReceiptInput>;
export type SupplyReceipt = z.output<typeof supplyReceiptInput>;

/** `POST /api/tpn-supplies/counts`: a stocktake, each line setting one supply's stock to what was counted. */
export const supplyCountInput = z
  .object({
    lines: stockLines(
      z.object({
        id: newRecordId(),
        supplyId: requiredId("Supply"),
        counted: wholeNumber(`Counted must be a whole number from 0 to ${MAX_STOCK_TEXT}`, 0),
      }),
    ),
  })
  .superRefine((body, ctx) => {
    eachSupplyOnce(body.lines, ctx);
    eachLineIdOnce(body.lines, ctx);
  });
export type SupplyCountInput = z.input<typeof supplyCountInput>;
export type SupplyCount = z.output<typeof supplyCountInput>;

/** A stored receipt or count as a backup holds it (what a restore checks). */
export const supplyStockEventInput = z.object({
  supplyId: requiredId("Supply"),
  kind: oneOf("Kind", STOCK_EVENT_KINDS),
  quantity: wholeNumber(`Quantity must be a whole number from 0 to ${MAX_STOCK}`, 0),
  difference: z
    .number({ error: "Difference must be a whole number" })
    .int("Difference must be a whole number")
    .min(-MAX_STOCK)
    .max(MAX_STOCK),
  lot: optionalText(100),
  expirationDate: optionalIsoDate("Expiration date"),
  eventDate: isoDate("Date"),
});

export const supplyStockEventRecord = z.object({
  id: recordBase.id,
  version: recordBase.version,
  createdAt: recordBase.createdAt,
  ...authorFields,
  supplyId: z.uuid(),
  kind: z.enum(STOCK_EVENT_KINDS),
  quantity: z.number().int(),
  difference: z.number().int(),
  lot: nullableText,
  expirationDate: nullableDate,
  eventDate: dateOnly,
});
export type SupplyStockEvent = Wire<typeof supplyStockEventRecord>;

export type StockStatus = "Out of Stock" | "Low Stock" | "Warning" | "In Stock";

/**
 * Spec section 4: 'Out of Stock' at 0; 'Low Stock' at or under the threshold; 'Warning' at or
 * under 1.5 times the threshold; otherwise 'In Stock'. Used by the server and the screen alike.
 */
export function stockStatus(currentStock: number, minThreshold: number): StockStatus {
  if (currentStock <= 0) return "Out of Stock";
  if (currentStock <= minThreshold) return "Low Stock";
  if (currentStock <= WARNING_FACTOR * minThreshold) return "Warning";
  return "In Stock";
}

/** Whether a supply is at or under its reorder threshold (what `/api/tpn-supplies/low-stock` lists). */
export const needsReorder = (supply: { currentStock: number; minThreshold: number }) =>
  supply.currentStock <= supply.minThreshold;

/** The forecast looks at this many days of usage. */
export const FORECAST_WINDOW_DAYS = 30;
/** Fewer days with usage than this in the window is too little to forecast from. */
export const FORECAST_MIN_USAGE_DAYS = 2;
/** The reorder banner also lists supplies forecast to run out within this many days. */
export const FORECAST_ALERT_DAYS = 7;

/**
 * A supply's average daily use over the last 30 days (counted from the first usage in that window,
 * so a supply used for a week is not averaged over a month), kit draws included: null when there
 * is too little usage to tell (fewer than two days with usage).
 */
export function dailyUse(
  usages: readonly { quantityUsed: number; usageDate: string }[],
  today: string = localToday(),
): number | null {
  const end = dayNumber(today);
  const start = end - FORECAST_WINDOW_DAYS + 1;
  const recent = usages.filter((u) => {
    const day = dayNumber(u.usageDate);
    return day >= start && day <= end;
  });
  const days = new Set(recent.map((u) => u.usageDate));
  if (days.size < FORECAST_MIN_USAGE_DAYS) return null;
  const first = Math.min(...recent.map((u) => dayNumber(u.usageDate)));
  const used = recent.reduce((sum, u) => sum + u.quantityUsed, 0);
  return used / (end - first + 1);
}

/**
 * In about how many days a supply runs out at its recent pace (`dailyUse`): the stock divided by
 * the average daily use. Null when there is too little usage to tell or nothing left to run out.
 */
export function runOutForecast(
  currentStock: number,
  usages: readonly { quantityUsed: number; usageDate: string }[],
  today: string = localToday(),
): number | null {
  if (currentStock <= 0) return null;
  const perDay = dailyUse(usages, today);
  if (perDay === null || perDay <= 0) return null;
  return Math.max(1, Math.floor(currentStock / perDay));
}

/** Deliveries are weekly unless the family says otherwise (CHOP, above). */
export const DELIVERY_EVERY_DAYS = 7;
/** Order-by dates further out than this are not worth saying. */
export const REORDER_HORIZON_DAYS = 56;

/** When to order a supply: by `orderBy` (the day before `delivery`), and whether that is already late. */
export interface ReorderPoint {
  /** The delivery the order must come with. */
  delivery: string;
  /** The last day to order for it: the day before the delivery (pharmacies confirm the day before). */
  orderBy: string;
  /** Even that delivery finds less than the days to keep: order at once. */
  late: boolean;
}

/**
 * The reorder point: the stock, used at its recent daily pace (kit draws included), must still hold
 * `daysToKeep` days of use on each delivery day. The order goes with the last delivery before the
 * one that would find less than that, and is due the day before it. Deliveries: the next one (the
 * family's date, else its weekday) and then every week after it. Null without a known pace or
 * delivery day, or when no order is needed within `REORDER_HORIZON_DAYS`.
 */
export function reorderPoint(input: {
  currentStock: number;
  usages: readonly { quantityUsed: number; usageDate: string }[];
  today: string;
  /** The next delivery on or after today (`nextDeliveryDate` in tasks.ts). */
  nextDelivery: string | null;
  daysToKeep: number;
}): ReorderPoint | null {
  const { currentStock, usages, today, nextDelivery, daysToKeep } = input;
  if (!nextDelivery) return null;
  const perDay = dailyUse(usages, today);
  if (perDay === null || perDay <= 0) return null;
  const keep = daysToKeep * perDay;
  const stockOn = (day: string) => currentStock - perDay * (dayNumber(day) - dayNumber(today));
  // The first delivery at all that comes after today (an order for today's is a day late).
  let delivery = nextDelivery;
  if (delivery <= today) delivery = fromDay(dayNumber(delivery) + DELIVERY_EVERY_DAYS);
  if (stockOn(delivery) < keep) return { delivery, orderBy: fromDay(dayNumber(delivery) - 1), late: true };
  while (dayNumber(delivery) - dayNumber(today) <= REORDER_HORIZON_DAYS) {
    const following = fromDay(dayNumber(delivery) + DELIVERY_EVERY_DAYS);
    if (stockOn(following) < keep)
      return { delivery, orderBy: fromDay(dayNumber(delivery) - 1), late: false };
    delivery = following;
  }
  return null;
}

/**
 * A supply's reorder point at `now` on the family's clock (`timeZone`): its "today", the next
 * delivery from the family's delivery day or date, and the days of stock it keeps.
 */
export function supplyReorder(input: {
  currentStock: number;
  usages: readonly { quantityUsed: number; usageDate: string }[];
  settings: Pick<TaskSettings, "deliveryWeekday" | "nextDeliveryDate" | "stockDaysToKeep">;
  now: Date;
  timeZone: string;
}): ReorderPoint | null {
  const today = todayIn(input.timeZone, input.now);
  return reorderPoint({
    currentStock: input.currentStock,
    usages: input.usages,
    today,
    nextDelivery: nextDeliveryDate(input.settings, today),
    daysToKeep: input.settings.stockDaysToKeep,
  });
}

/** The supplies CSV's columns in order (spec section 9), and the record field each reads. */
export const SUPPLY_CSV_COLUMNS = [
  ["Name", "name"],
  ["Category", "category"],
  ["Current Stock", "currentStock"],
  ["Min Threshold", "minThreshold"],
  ["Unit", "unit"],
  ["Supplier", "supplier"],
  ["Order Number", "orderNumber"],
  ["Cost Per Unit", "costPerUnit"],
  ["Expiration Date", "expirationDate"],
  ["Notes", "notes"],
] as const satisfies readonly (readonly [string, keyof Supply])[];
