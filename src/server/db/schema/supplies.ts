import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  text,
  unique,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import type { StockEventKind, SupplyCategory } from "../../../domain/supplies";
import { childLink } from "./child-link";
import {
  createdAt,
  createdBy,
  exportDateOrder,
  exportOrder,
  family,
  id,
  updatedAt,
  updatedBy,
  version,
} from "./columns";

export const tpnSupplies = pgTable(
  "tpn_supplies",
  {
    id: id(),
    familyId: family(),
    name: text("name").notNull(),
    category: varchar("category", { length: 16 }).$type<SupplyCategory>().notNull(),
    currentStock: integer("current_stock").notNull().default(0),
    minThreshold: integer("min_threshold").notNull().default(5),
    unit: text("unit").notNull(),
    supplier: text("supplier"),
    orderNumber: text("order_number"),
    costPerUnit: numeric("cost_per_unit", { precision: 10, scale: 2 }),
    expirationDate: date("expiration_date", { mode: "string" }),
    notes: text("notes"),
    createdAt: createdAt(),
    version: version(),
    createdBy: createdBy(),
    updatedBy: updatedBy(),
    updatedAt: updatedAt(),
  },
  (t) => [
    exportOrder("tpn_supplies", t),
    index("tpn_supplies_owner_idx").on(t.familyId, t.name),
    unique("tpn_supplies_owner_id_key").on(t.familyId, t.id),
    // Stock never goes below zero, whatever requests race.
    check("tpn_supplies_stock_not_negative", sql`${t.currentStock} >= 0`),
  ],
);

export const supplyUsage = pgTable(
  "supply_usage",
  {
    id: id(),
    familyId: family(),
    supplyId: uuid("supply_id").notNull(),
    quantityUsed: integer("quantity_used").notNull(),
    usageDate: date("usage_date", { mode: "string" }).notNull(),
    notes: text("notes"),
    createdAt: createdAt(),
    version: version(),
    createdBy: createdBy(),
    updatedBy: updatedBy(),
  },
  (t) => [
    exportOrder("supply_usage", t),
    exportDateOrder("supply_usage", t, t.usageDate),
    index("supply_usage_owner_idx").on(t.familyId, t.usageDate),
    index("supply_usage_page_idx").on(t.familyId, t.usageDate.desc(), t.createdAt.desc(), t.id.desc()),
    index("supply_usage_supply_idx").on(t.supplyId),
    // (family, supply): a usage can only draw on its family's supply, and goes with it.
    foreignKey({
      name: "supply_usage_owner_supply_fk",
      columns: [t.familyId, t.supplyId],
      foreignColumns: [tpnSupplies.familyId, tpnSupplies.id],
    }).onDelete("cascade"),
  ],
);

/**
 * What came into a supply's stock and what a stocktake found: a delivery's line ("receipt": `quantity`
 * received, `difference` the same) or a count ("count": `quantity` counted, `difference` the
 * counted number less the stock it replaced). Written with the stock change, in its transaction.
 */
export const supplyStockEvents = pgTable(
  "supply_stock_events",
  {
    id: id(),
    familyId: family(),
    supplyId: uuid("supply_id").notNull(),
    kind: varchar("kind", { length: 8 }).$type<StockEventKind>().notNull(),
    quantity: integer("quantity").notNull(),
    difference: integer("difference").notNull(),
    lot: text("lot"),
    expirationDate: date("expiration_date", { mode: "string" }),
    eventDate: date("event_date", { mode: "string" }).notNull(),
    createdAt: createdAt(),
    version: version(),
    createdBy: createdBy(),
    updatedBy: updatedBy(),
  },
  (t) => [
    exportOrder("supply_stock_events", t),
    index("supply_stock_events_page_idx").on(t.familyId, t.eventDate.desc(), t.createdAt.desc(), t.id.desc()),
    index("supply_stock_events_supply_idx").on(t.supplyId),
    check("supply_stock_events_kind", sql`${t.kind} in ('receipt', 'count')`),
    // (family, supply): an event is only ever of its family's supply, and goes with it.
    foreignKey({
      name: "supply_stock_events_owner_supply_fk",
      columns: [t.familyId, t.supplyId],
      foreignColumns: [tpnSupplies.familyId, tpnSupplies.id],
    }).onDelete("cascade"),
  ],
);

export const infusionCenters = pgTable(
  "infusion_centers",
  {
    id: id(),
    familyId: family(),
    childId: childLink(),
    name: text("name").notNull(),
    address: text("address"),
    phone: text("phone"),
    email: text("email"),
    contactPerson: text("contact_person"),
    bloodDrawsPerWeek: integer("blood_draws_per_week").notNull().default(0),
    bandageChangesPerWeek: integer("bandage_changes_per_week").notNull().default(0),
    notes: text("notes"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    version: version(),
    createdBy: createdBy(),
    updatedBy: updatedBy(),
    updatedAt: updatedAt(),
  },
  (t) => [exportOrder("infusion_centers", t), index("infusion_centers_owner_idx").on(t.familyId, t.childId)],
);
