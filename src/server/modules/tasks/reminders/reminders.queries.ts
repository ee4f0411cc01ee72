import { createHash, randomBytes } from "node:crypto";
import { and, eq, inArray, isNull, lt, or } from "drizzle-orm";
import { todayIn } from "../../../../domain/clock";
import { type QuietHours, tellingOrder } from "../../../../domain/escalation";
import { weekdayOf } from "../../../../domain/tasks";
import type { Db, Tx } from "../../../db/client";
import {
  families,
  notificationSettings,
  notifications,
  onDuty,
  reminderOccurrences,
  reminderTokens,
  users,
} from "../../../db/schema/index";
import { seesChild } from "../../../lib/child-scope";
import { caregiversOf, membershipOf } from "../../../lib/family-access";
import type { FamilyScope } from "../../../lib/transaction";

/** A caregiver who may be told about a family's tasks (viewers never are: they cannot act). */
export interface Caregiver {
  userId: string;
  /** The children their membership is limited to; null: every child. */
  childIds: string[] | null;
  quiet: QuietHours | null;
}

/** What the reminders of a family go by: its clock, its caregivers in order, who is on duty today. */
export interface FamilyReminderFacts {
  timeZone: string;
  /** Caregivers in the family's order (the order set, then the others, longest members first). */
  caregivers: Caregiver[];
  /** Who is on duty today on the family's clock: today's date's, else today's weekday's. */
  onDutyId: string | null;
}

export async function reminderFacts(
  db: Db | Tx,
  familyId: string,
  now: Date,
): Promise<FamilyReminderFacts | null> {
  const [family] = await db
    .select({ timeZone: families.timeZone, order: families.reminderOrder })
    .from(families)
    .where(eq(families.id, familyId));
  if (!family) return null;
  const members = await caregiversOf(db, familyId);
  const quiet = members.length
    ? await db
        .select({
          userId: notificationSettings.userId,
          start: notificationSettings.quietStart,
          end: notificationSettings.quietEnd,
        })
        .from(notificationSettings)
        .where(
          inArray(
            notificationSettings.userId,
            members.map((m) => m.userId),
          ),
        )
    : [];
  const order = family.order ?? [];
  const rank = (userId: string) => {
    const at = order.indexOf(userId);
    return at === -1 ? order.length : at;
  };
  const caregivers = members
    .map((m, index) => ({ m, index }))
    .sort((a, b) => rank(a.m.userId) - rank(b.m.userId) || a.index - b.index)
    .map(({ m }): Caregiver => {
      const hours = quiet.find((q) => q.userId === m.userId);
      return {
        userId: m.userId,
        childIds: m.childIds,
        quiet: hours?.start && hours.end ? { start: hours.start, end: hours.end } : null,
      };
    });
  const today = todayIn(family.timeZone, now);
  const duty = await db
    .select({ day: onDuty.day, userId: onDuty.userId })
    .from(onDuty)
    .where(and(eq(onDuty.familyId, familyId), inArray(onDuty.day, [today, String(weekdayOf(today))])));
  const onDutyId = (duty.find((d) => d.day === today) ?? duty[0])?.userId ?? null;
  return { timeZone: family.timeZone, caregivers, onDutyId };
}

/**
 * Who a task's reminders go to, in order: the one it is assigned to, else the one on duty, else the
 * family's first, then the others in the family's order; only caregivers who see the task's child.
 */
export function reminderOrderFor(
  facts: FamilyReminderFacts,
  task: { childId: string | null; assigneeId: string | null },
): string[] {
  return tellingOrder(
    facts.caregivers.filter((c) => seesChild(c, task.childId)).map((c) => c.userId),
    task.assigneeId,
    facts.onDutyId,
  );
}

export type OccurrenceRow = typeof reminderOccurrences.$inferSelect;

/** The family's occurrences still open (not done). */
export function openOccurrences(db: Db | Tx, familyId: string): Promise<OccurrenceRow[]> {
  return db
    .select()
    .from(reminderOccurrences)
    .where(and(eq(reminderOccurrences.familyId, familyId), isNull(reminderOccurrences.doneAt)));
}

/** Starts an occurrence's record (its reminders have begun); nothing when it exists. */
export async function startOccurrences(
  db: Db | Tx,
  familyId: string,
  rows: { taskId: string; dueAt: Date }[],
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(reminderOccurrences)
    .values(rows.map((row) => ({ familyId, ...row, createdAt: now })))
    .onConflictDoNothing();
}

/**
 * An occurrence answered: done (by whom, when), so its reminders stop and every caregiver's
 * notifications of it are marked read. Answers whether it was still open.
 */
export async function closeOccurrence(
  db: Db | Tx,
  familyId: string,
  occurrence: { taskId: string; dueAt: Date },
  done: { at: Date; by: string | null },
  now: Date,
): Promise<void> {
  await db
    .insert(reminderOccurrences)
    .values({ familyId, ...occurrence, doneAt: done.at, doneBy: done.by, createdAt: now })
    .onConflictDoUpdate({
      target: [reminderOccurrences.familyId, reminderOccurrences.taskId, reminderOccurrences.dueAt],
      set: { doneAt: done.at, doneBy: done.by },
      setWhere: isNull(reminderOccurrences.doneAt),
    });
  await readEverywhere(db, familyId, occurrence, now);
}

/** Marks every caregiver's notifications of an occurrence read. */
async function readEverywhere(
  db: Db | Tx,
  familyId: string,
  occurrence: { taskId: string; dueAt: Date },
  now: Date,
) {
  await db
    .update(notifications)
    .set({ ackAt: now })
    .where(
      and(
        eq(notifications.familyId, familyId),
        eq(notifications.taskId, occurrence.taskId),
        or(eq(notifications.dueAt, occurrence.dueAt), isNull(notifications.dueAt)),
        isNull(notifications.ackAt),
      ),
    );
}

/** Someone is on it: no more reminders of this occurrence for anyone. */
export async function acknowledgeOccurrence(
  db: Db | Tx,
  familyId: string,
  occurrence: { taskId: string; dueAt: Date },
  userId: string,
  now: Date,
): Promise<void> {
  await db
    .insert(reminderOccurrences)
    .values({ familyId, ...occurrence, acknowledgedAt: now, acknowledgedBy: userId, createdAt: now })
    .onConflictDoUpdate({
      target: [reminderOccurrences.familyId, reminderOccurrences.taskId, reminderOccurrences.dueAt],
      set: { acknowledgedAt: now, acknowledgedBy: userId },
      setWhere: isNull(reminderOccurrences.acknowledgedAt),
    });
  await readEverywhere(db, familyId, occurrence, now);
}

/** Holds an occurrence's reminders until `until`: the ladder goes on from there. */
export async function snoozeOccurrence(
  db: Db | Tx,
  familyId: string,
  occurrence: { taskId: string; dueAt: Date },
  userId: string,
  until: Date,
  now: Date,
): Promise<void> {
  await db
    .insert(reminderOccurrences)
    .values({ familyId, ...occurrence, snoozedUntil: until, snoozedBy: userId, createdAt: now })
    .onConflictDoUpdate({
      target: [reminderOccurrences.familyId, reminderOccurrences.taskId, reminderOccurrences.dueAt],
      set: { snoozedUntil: until, snoozedBy: userId },
    });
}

// ---- Action tokens ----

export type ReminderAction = "done" | "snooze";
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A fresh token (256 random bits) for one person's Done or Snooze of an occurrence; only its hash is kept. */
export async function createActionToken(
  db: Db | Tx,
  values: {
    familyId: string;
    userId: string;
    taskId: string;
    dueAt: Date;
    action: ReminderAction;
    expiresAt: Date;
  },
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(reminderTokens).values({ ...values, tokenHash: hashToken(token) });
  return token;
}

export type TokenRow = typeof reminderTokens.$inferSelect;

/** The token's row, whatever its state (the caller says why it no longer works). */
export async function findActionToken(db: Db | Tx, token: string): Promise<TokenRow | undefined> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  const [row] = await db
    .select()
    .from(reminderTokens)
    .where(eq(reminderTokens.tokenHash, hashToken(token)));
  return row;
}

/** Uses a token once: true for the one caller that used it, false when it was used already. */
export async function useActionToken(tx: Tx, tokenHash: string, now: Date): Promise<boolean> {
  const used = await tx
    .update(reminderTokens)
    .set({ usedAt: now })
    .where(and(eq(reminderTokens.tokenHash, tokenHash), isNull(reminderTokens.usedAt)))
    .returning({ tokenHash: reminderTokens.tokenHash });
  return used.length > 0;
}

/** A day past their expiry, tokens are removed; occurrences go with the notifications' retention. */
export async function pruneReminders(db: Db, now: Date, retentionMs: number): Promise<void> {
  await db
    .delete(reminderTokens)
    .where(lt(reminderTokens.expiresAt, new Date(now.getTime() - 24 * 3600_000)));
  await db
    .delete(reminderOccurrences)
    .where(lt(reminderOccurrences.createdAt, new Date(now.getTime() - retentionMs)));
}

/**
 * A person's name as they gave it, never their email (what a reminder's link may say of someone):
 * null for an account without a name, or gone.
 */
export async function nameOnly(db: Db | Tx, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [person] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return [person?.firstName, person?.lastName].filter(Boolean).join(" ").trim() || null;
}

/** A family's record of one coming-due of a task, if its reminders began or someone answered it. */
export async function findOccurrence(
  db: Db | Tx,
  familyId: string,
  occurrence: { taskId: string; dueAt: Date },
): Promise<OccurrenceRow | undefined> {
  const [row] = await db
    .select()
    .from(reminderOccurrences)
    .where(
      and(
        eq(reminderOccurrences.familyId, familyId),
        eq(reminderOccurrences.taskId, occurrence.taskId),
        eq(reminderOccurrences.dueAt, occurrence.dueAt),
      ),
    );
  return row;
}

// ---- The rota ----

/** The family's caregivers with who is on duty each day and their order. */
export async function rotaOf(db: Db | Tx, familyId: string) {
  const caregivers = await caregiversOf(db, familyId);
  const [family] = await db
    .select({ order: families.reminderOrder })
    .from(families)
    .where(eq(families.id, familyId));
  const days = await db.select().from(onDuty).where(eq(onDuty.familyId, familyId));
  return {
    onDuty: Object.fromEntries(days.map((d) => [d.day, d.userId])),
    order: (family?.order ?? []).filter((id) => caregivers.some((c) => c.userId === id)),
    caregivers: caregivers.map((c) => ({ userId: c.userId, name: c.name })),
  };
}

/** Sets who is on duty each day and the family's order (the caller checked they are caregivers). */
export async function setRota(
  tx: Tx,
  familyId: string,
  days: Record<string, string>,
  order: readonly string[],
) {
  await tx.delete(onDuty).where(eq(onDuty.familyId, familyId));
  const rows = Object.entries(days).map(([day, userId]) => ({ familyId, day, userId }));
  if (rows.length > 0) await tx.insert(onDuty).values(rows);
  await tx
    .update(families)
    .set({ reminderOrder: [...new Set(order)] })
    .where(eq(families.id, familyId));
}

/** A person's membership of a family as the scope they act in (a reminder's link), with the family's clock. */
export async function memberScope(db: Db | Tx, familyId: string, userId: string) {
  const member = await membershipOf(db, familyId, userId);
  if (!member) return undefined;
  const [family] = await db
    .select({ timeZone: families.timeZone })
    .from(families)
    .where(eq(families.id, familyId));
  if (!family) return undefined;
  const scope: FamilyScope = { familyId, actorId: userId, childIds: member.childIds, role: member.role };
  return { scope, timeZone: family.timeZone };
}
