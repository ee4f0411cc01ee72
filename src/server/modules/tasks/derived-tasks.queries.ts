import { format } from "date-fns";
import { and, desc, eq, gte, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { instantOf, todayIn, zonedNow } from "../../../domain/clock";
import { addDays, dayNumber } from "../../../domain/dates";
import { nextDueAt, scheduleInWords } from "../../../domain/doses";
import {
  DRESSING_TYPE_LABELS,
  eventInstant,
  LINE_CARE_LABELS,
  lineCareStatus,
  SCHEDULED_KINDS,
} from "../../../domain/line-care";
import { isMedicationActive } from "../../../domain/medication-status";
import { ruleInWords, ruleOccurrences } from "../../../domain/recurrence";
import { needsReorder, runOutForecast } from "../../../domain/supplies";
import type { Task } from "../../../domain/task-records";
import {
  currentOccurrence,
  DAY,
  DONE_BY,
  dailyAt,
  dayTaskAt,
  type EscalationPolicy,
  type EventKind,
  escalationOf,
  everyInterval,
  GRACE_MINUTES,
  HOUR,
  nextDeliveryDate,
  ORDER_BY_TIME,
  ORDER_COVERS_DAYS,
  type TaskKind,
  type TaskSettings,
  type TaskState,
  taskState,
  URGENT_KINDS,
} from "../../../domain/tasks";
import { DEFAULT_FEVER_THRESHOLD_C, formatTemperature, isFever } from "../../../domain/vitals";
import type { Db, Tx } from "../../db/client";
import {
  careTaskEvents,
  careTasks,
  children,
  families,
  labTests,
  lineCareEvents,
  medicationDoses,
  medications,
  piccLines,
  pnPrescriptions,
  supplyStockEvents,
  tpnEntries,
  tpnSupplies,
  vitals,
} from "../../db/schema/index";
import { withAuthorNames } from "../../lib/authors";
import { type FamilyView, inView } from "../../lib/child-scope";
import { dosesSince } from "../medication-doses/medication-doses.queries";
import { recentUsage } from "../supplies/supplies.queries";
import { taskSettingsOf } from "./tasks.queries";

/** A task as the server holds it: its instants as dates (the response schema writes them). */
export interface DerivedTask {
  id: string;
  kind: TaskKind;
  childId: string | null;
  subjectId: string;
  title: string;
  detail: string | null;
  dueAt: Date | null;
  state: TaskState;
  graceMinutes: number;
  lastDone: { at: Date; by: string | null; byId: string | null } | null;
  urgent: boolean;
  escalation: EscalationPolicy;
  assigneeId: string | null;
  doneBy: Task["doneBy"];
  careTask:
    | (typeof careTasks.$inferSelect & { createdByName: string | null; updatedByName: string | null })
    | null;
}

type Part = Omit<
  DerivedTask,
  "state" | "graceMinutes" | "escalation" | "doneBy" | "careTask" | "assigneeId" | "urgent"
> &
  Partial<Pick<DerivedTask, "careTask" | "assigneeId" | "urgent" | "escalation">>;

interface Context {
  db: Db | Tx;
  view: FamilyView;
  now: Date;
  timeZone: string;
  today: string;
  settings: TaskSettings;
  /** The children the view sees (all of them, or the one asked for). */
  childIds: string[];
}

const short = (date: string | Date, timeZone: string) =>
  format(
    typeof date === "string" ? zonedNow("UTC", new Date(`${date}T12:00:00Z`)) : zonedNow(timeZone, date),
    "EEE MMM d",
  );

const capitalized = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

const everyWords = (hours: number) =>
  hours % 24 === 0
    ? `every ${hours / 24 === 1 ? "day" : `${hours / 24} days`}`
    : `every ${hours === 1 ? "hour" : `${hours} hours`}`;

/** Each line in place: its dressing, connector, tubing and (when prescribed) lock, by their intervals. */
async function lineCareTasks(c: Context): Promise<Part[]> {
  if (c.childIds.length === 0) return [];
  const lines = await c.db
    .select()
    .from(piccLines)
    .where(
      and(
        inView(c.view, piccLines),
        inArray(piccLines.childId, c.childIds),
        lte(piccLines.insertionDate, c.today),
        or(isNull(piccLines.removalDate), gte(piccLines.removalDate, c.today)),
      ),
    );
  if (lines.length === 0) return [];
  const latest = await withAuthorNames(
    c.db,
    await c.db
      .selectDistinctOn([lineCareEvents.piccLineId, lineCareEvents.kind])
      .from(lineCareEvents)
      .where(
        and(
          eq(lineCareEvents.familyId, c.view.familyId),
          inArray(
            lineCareEvents.piccLineId,
            lines.map((line) => line.id),
          ),
          inArray(lineCareEvents.kind, [...SCHEDULED_KINDS]),
        ),
      )
      .orderBy(
        lineCareEvents.piccLineId,
        lineCareEvents.kind,
        desc(lineCareEvents.date),
        desc(sql`coalesce(${lineCareEvents.time}, '12:00')`),
        desc(lineCareEvents.createdAt),
      ),
  );
  const several = new Set(lines.map((l) => l.childId)).size < lines.length;
  return lines.flatMap((line) => {
    const events = latest.filter((e) => e.piccLineId === line.id);
    return lineCareStatus(events, line, c.now, c.timeZone).flatMap((status): Part[] => {
      if (status.intervalHours === null) return [];
      const last = events.find((e) => e.kind === status.kind) ?? null;
      // Never logged: due an interval after the line went in, but not before it was recorded here.
      const dueAt =
        status.dueAt ??
        new Date(
          Math.max(
            eventInstant({ date: line.insertionDate, time: null }, c.timeZone).getTime() +
              status.intervalHours * HOUR,
            line.createdAt.getTime(),
          ),
        );
      const what =
        status.kind === "dressing" && last?.dressingType
          ? `${DRESSING_TYPE_LABELS[last.dressingType]}, `
          : "";
      return [
        {
          id: `line-care:${line.id}:${status.kind}`,
          kind: "line-care",
          childId: line.childId,
          subjectId: line.id,
          title: LINE_CARE_LABELS[status.kind],
          detail: `${capitalized(`${what}${everyWords(status.intervalHours)}`)}${several ? ` · line of ${short(line.insertionDate, c.timeZone)}` : ""}${last ? "" : " · never logged"}`,
          dueAt,
          lastDone: last
            ? { at: eventInstant(last, c.timeZone), by: last.createdByName, byId: last.createdBy }
            : null,
        },
      ];
    });
  });
}

/** Each active medication given on a schedule: its next dose, as its card shows it. */
async function doseTasks(c: Context): Promise<Part[]> {
  const rows = await c.db
    .select()
    .from(medications)
    .where(
      and(
        inView(c.view, medications),
        inArray(medications.scheduleKind, ["times", "interval"]),
        c.childIds.length
          ? or(isNull(medications.childId), inArray(medications.childId, c.childIds))
          : isNull(medications.childId),
      ),
    );
  const active = rows.filter((row) => isMedicationActive(row, c.today));
  if (active.length === 0) return [];
  const latest = await withAuthorNames(
    c.db,
    await c.db
      .selectDistinctOn([medicationDoses.medicationId])
      .from(medicationDoses)
      .where(
        and(
          eq(medicationDoses.familyId, c.view.familyId),
          inArray(
            medicationDoses.medicationId,
            active.map((row) => row.id),
          ),
        ),
      )
      .orderBy(medicationDoses.medicationId, desc(medicationDoses.givenAt), desc(medicationDoses.createdAt)),
  );
  return active.flatMap((row): Part[] => {
    const last = latest.find((dose) => dose.medicationId === row.id) ?? null;
    const dueAt = nextDueAt(row, last, dosesSince(row, c.now, c.timeZone), c.now, c.timeZone);
    if (!dueAt) return [];
    return [
      {
        id: `dose:${row.id}`,
        kind: "dose",
        childId: row.childId,
        subjectId: row.id,
        title: `${row.name} ${row.dosage}`.trim(),
        detail: [row.route, scheduleInWords(row)].filter(Boolean).join(" · ") || null,
        dueAt,
        lastDone: last ? { at: last.givenAt, by: last.createdByName, byId: last.createdBy } : null,
      },
    ];
  });
}

/** The latest Done of each event kind's subject, with who did it. */
async function latestEvents(c: Context, kinds: readonly EventKind[]) {
  const rows = await c.db
    .selectDistinctOn([
      careTaskEvents.kind,
      careTaskEvents.childId,
      careTaskEvents.supplyId,
      careTaskEvents.careTaskId,
    ])
    .from(careTaskEvents)
    .where(and(inView(c.view, careTaskEvents), inArray(careTaskEvents.kind, [...kinds])))
    .orderBy(
      careTaskEvents.kind,
      careTaskEvents.childId,
      careTaskEvents.supplyId,
      careTaskEvents.careTaskId,
      desc(careTaskEvents.doneAt),
      desc(careTaskEvents.createdAt),
    );
  const named = await withAuthorNames(c.db, rows);
  return (kind: EventKind, subject: { childId?: string; supplyId?: string; careTaskId?: string }) =>
    named
      .filter(
        (e) =>
          e.kind === kind &&
          (subject.childId === undefined || e.childId === subject.childId) &&
          (subject.supplyId === undefined || e.supplyId === subject.supplyId) &&
          (subject.careTaskId === undefined || e.careTaskId === subject.careTaskId),
      )
      .reduce<(typeof named)[number] | null>(
        (latest, e) => (!latest || e.doneAt > latest.doneAt ? e : latest),
        null,
      );
}

type EventLookup = Awaited<ReturnType<typeof latestEvents>>;

/**
 * The family's supplies: one to reorder when it is at or under its threshold or its forecast runs
 * out by the next delivery (with no delivery day set, within a week), due by noon the day before
 * that delivery or the day it runs out, whichever comes first (noon today when neither is known);
 * ordered (Done) it rests until a delivery of it is received, or a week. One in stock that expires
 * within the family's warning days: checked (Done) once, then again on its expiry day.
 */
async function supplyTasks(c: Context, eventOf: EventLookup): Promise<Part[]> {
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
    if (low || runsShort) {
      const orderBy = [delivery, runOut].filter((d): d is string => d !== null).sort()[0];
      let dueAt = orderBy
        ? dayTaskAt(addDays(orderBy, -1), c.timeZone, ORDER_BY_TIME)
        : dayTaskAt(c.today, c.timeZone, ORDER_BY_TIME);
      const ordered = eventOf("supply-reorder", { supplyId: supply.id });
      const received = receipts.find((r) => r.supplyId === supply.id)?.at ?? null;
      const covers = ordered ? new Date(ordered.doneAt.getTime() + ORDER_COVERS_DAYS * DAY) : null;
      if (ordered && covers && covers > c.now && (!received || ordered.doneAt > received)) dueAt = covers;
      tasks.push({
        id: `supply-reorder:${supply.id}`,
        kind: "supply-reorder",
        childId: null,
        subjectId: supply.id,
        title: `Reorder ${supply.name}`,
        detail: [
          `${supply.currentStock} ${supply.unit} left`,
          runOut ? `runs out around ${short(runOut, c.timeZone)}` : null,
          delivery ? `next delivery ${short(delivery, c.timeZone)}` : null,
        ]
          .filter(Boolean)
          .join(" · "),
        dueAt,
        lastDone: ordered ? { at: ordered.doneAt, by: ordered.createdByName, byId: ordered.createdBy } : null,
      });
    }
    const expiry = supply.expirationDate;
    if (expiry && supply.currentStock > 0 && expiry <= addDays(c.today, c.settings.expiryWarningDays)) {
      const warnAt = dayTaskAt(addDays(expiry, -c.settings.expiryWarningDays), c.timeZone);
      const expiresAt = dayTaskAt(expiry, c.timeZone);
      const checked = eventOf("supply-expiry", { supplyId: supply.id });
      const answered = checked?.forDueAt ?? null;
      const dueAt = !answered || answered < warnAt ? warnAt : answered < expiresAt ? expiresAt : null;
      if (dueAt) {
        tasks.push({
          id: `supply-expiry:${supply.id}`,
          kind: "supply-expiry",
          childId: null,
          subjectId: supply.id,
          title: `${supply.name} ${expiry < c.today ? "expired" : "expires"} ${short(expiry, c.timeZone)}`,
          detail: `${supply.currentStock} ${supply.unit} in stock: use these first, or set them aside`,
          dueAt,
          lastDone: checked
            ? { at: checked.doneAt, by: checked.createdByName, byId: checked.createdBy }
            : null,
        });
      }
    }
  }
  return tasks;
}

/** Each child's labs every N weeks and weight every N days, from the last ones logged. */
async function childTasks(
  c: Context,
  childRows: { id: string; name: string; createdAt: Date }[],
): Promise<Part[]> {
  const ids = childRows.map((child) => child.id);
  if (ids.length === 0) return [];
  const { labsEveryWeeks, weighEveryDays } = c.settings;
  const labs = labsEveryWeeks
    ? await withAuthorNames(
        c.db,
        await c.db
          .selectDistinctOn([labTests.childId])
          .from(labTests)
          .where(
            and(
              eq(labTests.familyId, c.view.familyId),
              inArray(labTests.childId, ids),
              lte(labTests.date, c.today),
            ),
          )
          .orderBy(labTests.childId, desc(labTests.date), desc(labTests.createdAt)),
      )
    : [];
  const weights = weighEveryDays
    ? await withAuthorNames(
        c.db,
        await c.db
          .selectDistinctOn([vitals.childId])
          .from(vitals)
          .where(
            and(
              eq(vitals.familyId, c.view.familyId),
              inArray(vitals.childId, ids),
              eq(vitals.kind, "weight"),
            ),
          )
          .orderBy(
            vitals.childId,
            desc(vitals.date),
            desc(sql`coalesce(${vitals.time}, '')`),
            desc(vitals.createdAt),
          ),
      )
    : [];
  return childRows.flatMap((child): Part[] => {
    const out: Part[] = [];
    if (labsEveryWeeks) {
      const last = labs.find((l) => l.childId === child.id);
      out.push({
        id: `labs:${child.id}`,
        kind: "labs",
        childId: child.id,
        subjectId: child.id,
        title: "Labs",
        detail: `Every ${labsEveryWeeks === 1 ? "week" : `${labsEveryWeeks} weeks`}${last ? ` · last ${last.testName}, ${short(last.date, c.timeZone)}` : " · none logged yet"}`,
        // None yet: the first is due N weeks after the child was added.
        dueAt: last
          ? dayTaskAt(addDays(last.date, labsEveryWeeks * 7), c.timeZone)
          : new Date(child.createdAt.getTime() + labsEveryWeeks * 7 * DAY),
        lastDone: last
          ? { at: dayTaskAt(last.date, c.timeZone), by: last.createdByName, byId: last.createdBy }
          : null,
      });
    }
    if (weighEveryDays) {
      const last = weights.find((w) => w.childId === child.id);
      const at = last ? dayTaskAt(last.date, c.timeZone, last.time ?? undefined) : null;
      out.push({
        id: `weigh:${child.id}`,
        kind: "weigh",
        childId: child.id,
        subjectId: child.id,
        title: "Weigh",
        detail: `Every ${weighEveryDays === 1 ? "day" : `${weighEveryDays} days`}${last ? ` · last ${last.value} kg, ${short(last.date, c.timeZone)}` : " · none logged yet"}`,
        dueAt: at
          ? new Date(at.getTime() + weighEveryDays * DAY)
          : new Date(child.createdAt.getTime() + weighEveryDays * DAY),
        lastDone: at && last ? { at, by: last.createdByName, byId: last.createdBy } : null,
      });
    }
    return out;
  });
}

/**
 * Each child on a PN prescription today: the bag out of the fridge, the family's hours before the
 * usual start (the family's setting, else the start time of the child's last TPN entry with one).
 */
async function fridgeOutTasks(c: Context, eventOf: EventLookup): Promise<Part[]> {
  if (c.childIds.length === 0) return [];
  const versions = await c.db
    .select({ childId: pnPrescriptions.childId, startDate: pnPrescriptions.startDate })
    .from(pnPrescriptions)
    .where(
      and(
        eq(pnPrescriptions.familyId, c.view.familyId),
        inArray(pnPrescriptions.childId, c.childIds),
        lte(pnPrescriptions.startDate, c.today),
        or(isNull(pnPrescriptions.endDate), gte(pnPrescriptions.endDate, c.today)),
      ),
    );
  if (versions.length === 0) return [];
  const starts = c.settings.pnStartTime
    ? []
    : await c.db
        .selectDistinctOn([tpnEntries.childId], {
          childId: tpnEntries.childId,
          startTime: tpnEntries.startTime,
        })
        .from(tpnEntries)
        .where(
          and(
            eq(tpnEntries.familyId, c.view.familyId),
            inArray(
              tpnEntries.childId,
              versions.map((v) => v.childId),
            ),
            isNotNull(tpnEntries.startTime),
          ),
        )
        .orderBy(tpnEntries.childId, desc(tpnEntries.date), desc(tpnEntries.createdAt));
  const hours = c.settings.fridgeOutHours;
  return versions.flatMap((version): Part[] => {
    const start =
      c.settings.pnStartTime ?? starts.find((s) => s.childId === version.childId)?.startTime ?? null;
    if (!start) return [];
    const done = eventOf("fridge-out", { childId: version.childId });
    const occurrences = dailyAt(start, hours * HOUR, version.startDate, c.timeZone);
    return [
      {
        id: `fridge-out:${version.childId}`,
        kind: "fridge-out",
        childId: version.childId,
        subjectId: version.childId,
        title: "PN bag out of the fridge",
        detail: `${hours} hour${hours === 1 ? "" : "s"} before the ${start} start`,
        dueAt: currentOccurrence(occurrences, done?.forDueAt ?? null, c.now),
        lastDone: done ? { at: done.doneAt, by: done.createdByName, byId: done.createdBy } : null,
      },
    ];
  });
}

/**
 * The PN infusion not started by the family's latest start time (`pnLatestStartTime`), for each
 * child with a prescription in force: due at that time each evening until a TPN entry of that day
 * is logged, or Done says it started. Urgent: every caregiver is told at once.
 */
async function pnStartTasks(c: Context, eventOf: EventLookup): Promise<Part[]> {
  const latest = c.settings.pnLatestStartTime;
  if (!latest || c.childIds.length === 0) return [];
  const versions = await c.db
    .select({ childId: pnPrescriptions.childId, startDate: pnPrescriptions.startDate })
    .from(pnPrescriptions)
    .where(
      and(
        eq(pnPrescriptions.familyId, c.view.familyId),
        inArray(pnPrescriptions.childId, c.childIds),
        lte(pnPrescriptions.startDate, c.today),
        or(isNull(pnPrescriptions.endDate), gte(pnPrescriptions.endDate, c.today)),
      ),
    );
  if (versions.length === 0) return [];
  const childIds = [...new Set(versions.map((v) => v.childId))];
  const entries = await withAuthorNames(
    c.db,
    await c.db
      .selectDistinctOn([tpnEntries.childId])
      .from(tpnEntries)
      .where(
        and(
          eq(tpnEntries.familyId, c.view.familyId),
          inArray(tpnEntries.childId, childIds),
          lte(tpnEntries.date, c.today),
        ),
      )
      .orderBy(tpnEntries.childId, desc(tpnEntries.date), desc(tpnEntries.createdAt)),
  );
  return childIds.flatMap((childId): Part[] => {
    const version = versions.find((v) => v.childId === childId)!;
    const occurrences = dailyAt(latest, 0, version.startDate, c.timeZone);
    const entry = entries.find((e) => e.childId === childId);
    const event = eventOf("pn-start", { childId });
    // The last start on or after an occurrence's day answers it: a TPN entry of that day, or a Done.
    const startedFor = [
      entry ? dayTaskAt(entry.date, c.timeZone, latest) : null,
      event?.forDueAt ?? null,
    ].reduce<Date | null>((a, b) => (b && (!a || b > a) ? b : a), null);
    const dueAt = currentOccurrence(occurrences, startedFor, c.now);
    const lastDone =
      event && (!entry || event.doneAt >= entry.createdAt)
        ? { at: event.doneAt, by: event.createdByName, byId: event.createdBy }
        : entry
          ? { at: entry.createdAt, by: entry.createdByName, byId: entry.createdBy }
          : null;
    return [
      {
        id: `pn-start:${childId}`,
        kind: "pn-start",
        childId,
        subjectId: childId,
        title: "Start the PN infusion",
        detail: `Latest start ${latest}: not started is urgent`,
        dueAt,
        lastDone,
        urgent: true,
      },
    ];
  });
}

/** How long a fever with a line stays a task when nothing newer is logged: two days. */
const FEVER_STALE_MS = 48 * HOUR;

/**
 * A temperature at or above the family's fever threshold while the child has a central line in
 * place, with no lower reading after it and not yet answered: the fever card's "call the team now"
 * (src/domain/vitals.ts: compared and said in the family's unit), due at the reading. Urgent:
 * every caregiver is told at once.
 */
async function feverTasks(c: Context, eventOf: EventLookup): Promise<Part[]> {
  if (c.childIds.length === 0) return [];
  const [family] = await c.db
    .select({ threshold: families.feverThresholdC, unit: families.temperatureUnit })
    .from(families)
    .where(eq(families.id, c.view.familyId));
  const latest = await withAuthorNames(
    c.db,
    await c.db
      .selectDistinctOn([vitals.childId])
      .from(vitals)
      .where(
        and(
          eq(vitals.familyId, c.view.familyId),
          inArray(vitals.childId, c.childIds),
          eq(vitals.kind, "temperature"),
          lte(vitals.date, c.today),
        ),
      )
      .orderBy(
        vitals.childId,
        desc(vitals.date),
        desc(sql`coalesce(${vitals.time}, '')`),
        desc(vitals.createdAt),
      ),
  );
  const threshold = family?.threshold ?? DEFAULT_FEVER_THRESHOLD_C;
  const unit = family?.unit ?? "C";
  const fevers = latest.filter((reading) => isFever(reading.value, threshold, unit));
  if (fevers.length === 0) return [];
  const lines = await c.db
    .select({
      childId: piccLines.childId,
      insertionDate: piccLines.insertionDate,
      removalDate: piccLines.removalDate,
    })
    .from(piccLines)
    .where(
      and(
        eq(piccLines.familyId, c.view.familyId),
        inArray(
          piccLines.childId,
          fevers.map((f) => f.childId),
        ),
      ),
    );
  return fevers.flatMap((reading): Part[] => {
    const withLine = lines.some(
      (line) =>
        line.childId === reading.childId &&
        line.insertionDate <= reading.date &&
        (!line.removalDate || line.removalDate >= reading.date),
    );
    if (!withLine) return [];
    const at = reading.time ? instantOf(reading.date, reading.time, c.timeZone) : reading.createdAt;
    if (c.now.getTime() - at.getTime() > FEVER_STALE_MS) return [];
    const answered = eventOf("fever", { childId: reading.childId });
    if (answered && answered.forDueAt >= at) return [];
    return [
      {
        id: `fever:${reading.childId}`,
        kind: "fever",
        childId: reading.childId,
        subjectId: reading.childId,
        title: "Fever with a central line: call the team now",
        detail: `${formatTemperature(reading.value, unit)}${reading.time ? ` at ${reading.time}` : ""}, taken by ${reading.createdByName ?? "a caregiver"}. Follow the fever card.`,
        dueAt: at,
        lastDone: answered
          ? { at: answered.doneAt, by: answered.createdByName, byId: answered.createdBy }
          : null,
        urgent: true,
      },
    ];
  });
}

/** The family's own tasks, each on its current occurrence. */
async function familyTasks(c: Context, eventOf: EventLookup, childId: string | undefined): Promise<Part[]> {
  const rows = await withAuthorNames(
    c.db,
    await c.db
      .select()
      .from(careTasks)
      .where(
        and(
          inView(c.view, careTasks),
          childId ? or(isNull(careTasks.childId), eq(careTasks.childId, childId)) : undefined,
        ),
      ),
  );
  return rows.map((task): Part => {
    const done = eventOf("family", { careTaskId: task.id });
    const occurrences = task.rrule
      ? ruleOccurrences(task.rrule, task.startAt, c.timeZone)
      : everyInterval(task.startAt, (task.intervalHours ?? 24) * HOUR);
    return {
      id: `family:${task.id}`,
      kind: "family",
      childId: task.childId,
      subjectId: task.id,
      title: task.title,
      detail: [
        task.rrule ? ruleInWords(task.rrule) : capitalized(everyWords(task.intervalHours ?? 24)),
        task.notes,
      ]
        .filter(Boolean)
        .join(" · "),
      dueAt: currentOccurrence(occurrences, done?.forDueAt ?? null, c.now),
      lastDone: done ? { at: done.doneAt, by: done.createdByName, byId: done.createdBy } : null,
      careTask: task,
      assigneeId: task.assigneeId,
      urgent: task.urgent,
      escalation: {
        repeatMinutes: task.repeatMinutes,
        nextAfterMinutes: task.nextAfterMinutes,
        everyoneAfterMinutes: task.everyoneAfterMinutes,
      },
    };
  });
}

export interface TasksOptions {
  /** Only this child's tasks and the family's (supplies, tasks for no child). */
  childId?: string | undefined;
}

/**
 * Every care task the view sees at `now` on the family's clock (`timeZone`), soonest due first:
 * line care, scheduled doses, the PN bag out of the fridge, supplies to reorder and expiring, labs,
 * weighing, and the family's own tasks. Nothing here is stored: each due time is read from the
 * records (see src/domain/tasks.ts for the rules). The escalation engine asks this which tasks
 * are due (`state` "due" or "overdue") and how to escalate them (`escalation`, `urgent`,
 * `assigneeId`); a child the view does not see has no tasks here.
 */
export async function tasksOf(
  db: Db | Tx,
  view: FamilyView,
  now: Date,
  timeZone: string,
  options: TasksOptions = {},
): Promise<DerivedTask[]> {
  const settings = await taskSettingsOf(db, view.familyId);
  const childRows = await db
    .select({ id: children.id, name: children.name, createdAt: children.createdAt })
    .from(children)
    .where(and(inView(view, children), options.childId ? eq(children.id, options.childId) : undefined));
  const c: Context = {
    db,
    view,
    now,
    timeZone,
    today: todayIn(timeZone, now),
    settings,
    childIds: childRows.map((child) => child.id),
  };
  const eventOf = await latestEvents(c, [
    "fridge-out",
    "supply-reorder",
    "supply-expiry",
    "family",
    "fever",
    "pn-start",
  ]);
  const parts = [
    ...(await lineCareTasks(c)),
    ...(await doseTasks(c)),
    ...(await fridgeOutTasks(c, eventOf)),
    ...(await pnStartTasks(c, eventOf)),
    ...(await feverTasks(c, eventOf)),
    ...(await supplyTasks(c, eventOf)),
    ...(await childTasks(c, childRows)),
    ...(await familyTasks(c, eventOf, options.childId)),
  ];
  return parts
    .filter((part) => !options.childId || part.childId === null || part.childId === options.childId)
    .map(
      (part): DerivedTask => ({
        careTask: null,
        assigneeId: null,
        urgent: URGENT_KINDS.includes(part.kind),
        escalation: escalationOf(settings, part.kind),
        ...part,
        state: taskState(part.dueAt, now, GRACE_MINUTES[part.kind]),
        graceMinutes: GRACE_MINUTES[part.kind],
        doneBy: DONE_BY[part.kind],
      }),
    )
    .sort(
      (a, b) =>
        (a.dueAt?.getTime() ?? Number.POSITIVE_INFINITY) - (b.dueAt?.getTime() ?? Number.POSITIVE_INFINITY) ||
        a.title.localeCompare(b.title),
    );
}
