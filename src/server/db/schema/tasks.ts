import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import type { EventKind } from "../../../domain/tasks";
import { ownedChildKey } from "./child-link";
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
import { tpnSupplies } from "./supplies";
import { users } from "./users";

/**
 * A task of the family's own (src/domain/tasks.ts): its words, the child it is for (or none),
 * how it recurs (every `intervalHours` from `startAt`, or an RRULE on the family's clock), who is
 * told first, and its escalation steps. Its due time is derived, never stored. It goes with its
 * child.
 */
export const careTasks = pgTable(
  "care_tasks",
  {
    id: id(),
    familyId: family(),
    childId: uuid("child_id"),
    title: text("title").notNull(),
    notes: text("notes"),
    intervalHours: numeric("interval_hours", { precision: 6, scale: 2, mode: "number" }),
    rrule: text("rrule"),
    startAt: timestamp("start_at", { withTimezone: true }).notNull(),
    assigneeId: uuid("assignee_id").references(() => users.id, { onDelete: "set null" }),
    urgent: boolean("urgent").notNull().default(false),
    repeatMinutes: integer("repeat_minutes").notNull().default(15),
    nextAfterMinutes: integer("next_after_minutes").notNull().default(30),
    everyoneAfterMinutes: integer("everyone_after_minutes").notNull().default(60),
    createdAt: createdAt(),
    version: version(),
    createdBy: createdBy(),
    updatedBy: updatedBy(),
    updatedAt: updatedAt(),
  },
  (t) => [
    exportOrder("care_tasks", t),
    index("care_tasks_owner_idx").on(t.familyId, t.childId),
    ownedChildKey("care_tasks_owner_child_fk", t),
    unique("care_tasks_family_id_key").on(t.familyId, t.id),
  ],
);

/**
 * A Done of a task that no other record holds: the PN bag taken out of the fridge (its child), an
 * order placed or an expiry checked (its supply), a family task (the task). `forDueAt` is the due
 * time it answered, so the next one follows; `date` and `time` are the family's clock when done.
 * It goes with its task, supply or child.
 */
export const careTaskEvents = pgTable(
  "care_task_events",
  {
    id: id(),
    familyId: family(),
    childId: uuid("child_id"),
    kind: varchar("kind", { length: 24 }).$type<EventKind>().notNull(),
    careTaskId: uuid("care_task_id"),
    supplyId: uuid("supply_id"),
    forDueAt: timestamp("for_due_at", { withTimezone: true }).notNull(),
    doneAt: timestamp("done_at", { withTimezone: true }).notNull(),
    date: date("date", { mode: "string" }).notNull(),
    time: varchar("time", { length: 5 }).notNull(),
    notes: text("notes"),
    createdAt: createdAt(),
    version: version(),
    createdBy: createdBy(),
    updatedBy: updatedBy(),
    updatedAt: updatedAt(),
  },
  (t) => [
    exportOrder("care_task_events", t),
    exportDateOrder("care_task_events", t, t.date),
    index("care_task_events_kind_idx").on(t.familyId, t.kind, t.doneAt),
    ownedChildKey("care_task_events_owner_child_fk", t),
    foreignKey({
      name: "care_task_events_family_task_fk",
      columns: [t.familyId, t.careTaskId],
      foreignColumns: [careTasks.familyId, careTasks.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "care_task_events_family_supply_fk",
      columns: [t.familyId, t.supplyId],
      foreignColumns: [tpnSupplies.familyId, tpnSupplies.id],
    }).onDelete("cascade"),
  ],
);
