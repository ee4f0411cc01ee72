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
import type { KitOccasion } from "../../../domain/supply-kits";
import { tpnEntries } from "./care-records";
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
import { lineCareEvents } from "./picc";

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
    /**
     * What drew it from a kit (src/domain/supply-kits.ts): the PN bag (a TPN entry) or the dressing
     * change (a line-care event) it was written with, in that record's transaction; deleting that
     * record through the API deletes it first and gives its stock back. A record gone with its
     * child leaves the usage as what was used (the link cleared).
     */
    tpnEntryId: uuid("tpn_entry_id").references(() => tpnEntries.id, { onDelete: "set null" }),
    lineCareEventId: uuid("line_care_event_id").references(() => lineCareEvents.id, { onDelete: "set null" }),
    /**
     * Of `quantityUsed`, how much the stock did not hold when a kit drew it (the stock stopped at 0):
     * the use is real, so the forecast counts all of it; the stock, and an undo, only the rest.
     */
    quantityShort: integer("quantity_short").notNull().default(0),
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
    index("supply_usage_tpn_entry_idx").on(t.tpnEntryId),
    index("supply_usage_line_care_idx").on(t.lineCareEventId),
    check(
      "supply_usage_short_within_use",
      sql`${t.quantityShort} >= 0 and ${t.quantityShort} <= ${t.quantityUsed}`,
    ),
    // (family, supply): a usage can only draw on its family's supply, and goes with it.
    foreignKey({
      name: "supply_usage_owner_supply_fk",
      columns: [t.familyId, t.supplyId],
      foreignColumns: [tpnSupplies.familyId, tpnSupplies.id],
    }).onDelete("cascade"),
  ],
);

/**
 * A kit: what one occasion (each PN bag, each dressing change) uses of the family's supplies, one
 * line a supply. Logging the occasion draws its lines from stock (src/domain/supply-kits.ts).
 */
export const supplyKitLines = pgTable(
  "supply_kit_lines",
  {
    id: id(),
    familyId: family(),
    occasion: varchar("occasion", { length: 16 }).$type<KitOccasion>().notNull(),
    supplyId: uuid("supply_id").notNull(),
    quantity: integer("quantity").notNull(),
    createdAt: createdAt(),
    version: version(),
    createdBy: createdBy(),
    updatedBy: updatedBy(),
    updatedAt: updatedAt(),
  },
  (t) => [
    exportOrder("supply_kit_lines", t),
    // A supply on two lines of a kit draws both (the screen offers each supply once).
    index("supply_kit_lines_owner_idx").on(t.familyId, t.occasion),
    index("supply_kit_lines_supply_idx").on(t.supplyId),
    check("supply_kit_lines_occasion", sql`${t.occasion} in ('pn-bag', 'dressing')`),
    check("supply_kit_lines_quantity", sql`${t.quantity} between 1 and 1000`),
    // (family, supply): a kit holds only its family's supplies, and a supply deleted leaves its kits.
    foreignKey({
      name: "supply_kit_lines_owner_supply_fk",
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
