import { sql } from "drizzle-orm";
import { date, jsonb, numeric, pgTable, smallint, text, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
import type { EscalationPolicy, TaskKind } from "../../../domain/tasks";
import type { TimeFormat } from "../../../domain/time-format";

/**
 * A family: the children and every care record belong to one, and the people who look after the
 * children are its members. Its clock (`timeZone`, an IANA name: src/domain/clock.ts) is the
 * children's: every "today", count of days and stamp of its records follows it.
 */
export const families = pgTable("families", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  timeZone: text("time_zone").notNull().default("UTC"),
  /** How the family writes times of day: "24h" (14:30) or "12h" (2:30 PM): src/domain/time-format.ts. */
  timeFormat: varchar("time_format", { length: 3 }).$type<TimeFormat>().notNull().default("24h"),
  /** How the family reads temperatures: "C" or "F" (stored in °C whatever this says). */
  temperatureUnit: varchar("temperature_unit", { length: 1 }).$type<"C" | "F">().notNull().default("C"),
  /**
   * The fever that opens the fever card for a child with a central line (src/domain/vitals.ts), in
   * °C to two decimals: a threshold typed in °F keeps its tenth (100.5 °F is 38.06 °C).
   */
  feverThresholdC: numeric("fever_threshold_c", { precision: 4, scale: 2, mode: "number" })
    .notNull()
    .default(38),
  /**
   * The number the family chooses to give the clinic (the care summary, a clinic link, the printed
   * and PDF summary), with whom it reaches: the owner's to set; no number, nothing shown.
   */
  contactName: text("contact_name"),
  contactPhone: varchar("contact_phone", { length: 50 }),
  /**
   * What the derived care tasks go by (src/domain/tasks.ts, `TaskSettings`, with the sources of the
   * defaults): the supplies' delivery (a weekday each week, or the next one's date), how far ahead a
   * supply's expiry is flagged, how often labs and a weight are due (null: no reminder), how long
   * before the PN infusion's usual start its bag comes out of the fridge, and that start time.
   */
  deliveryWeekday: smallint("delivery_weekday"),
  nextDeliveryDate: date("next_delivery_date", { mode: "string" }),
  /** Days of use a supply should still hold on delivery day (its reorder point: src/domain/supply-kits.ts). */
  stockDaysToKeep: smallint("stock_days_to_keep").notNull().default(2),
  expiryWarningDays: smallint("expiry_warning_days").notNull().default(30),
  labsEveryWeeks: smallint("labs_every_weeks").default(4),
  weighEveryDays: smallint("weigh_every_days").default(7),
  fridgeOutHours: smallint("fridge_out_hours").notNull().default(2),
  pnStartTime: varchar("pn_start_time", { length: 5 }),
  /** The latest the PN infusion may start (HH:mm): not started by then is urgent, to everyone. */
  pnLatestStartTime: varchar("pn_latest_start_time", { length: 5 }),
  /** The reminders' ladder per kind of task, where the family changed it (src/domain/escalation.ts). */
  escalation: jsonb("escalation").$type<Partial<Record<TaskKind, EscalationPolicy>>>().notNull().default({}),
  /** Who is told after the one on duty, in this order (members left out follow, oldest first). */
  reminderOrder: uuid("reminder_order").array(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => sql`now()`),
});
