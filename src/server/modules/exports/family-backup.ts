import { eq } from "drizzle-orm";
import { z } from "zod";
import { type FamilyContact, familyContactInput, familyUpdateInput } from "../../../domain/family";
import { reminderRotaInput } from "../../../domain/reminders";
import { can, type Role } from "../../../domain/roles";
import { TASK_KINDS } from "../../../domain/task-kinds";
import { taskSettingsInput } from "../../../domain/task-records";
import type { TaskSettings } from "../../../domain/tasks";
import { DEFAULT_TIME_FORMAT, type TimeFormat } from "../../../domain/time-format";
import type { Db, Tx } from "../../db/client";
import { families, onDuty } from "../../db/schema/index";
import { badRequest } from "../../lib/errors";
import { membersOf } from "../../lib/family-access";
import {
  familyContactOf,
  setFamilyContact,
  setFamilyTimeFormat,
  setFamilyTimeZone,
  setTemperatureSettings,
} from "../family/family.queries";
import { setTaskSettings, taskSettingsOf } from "../tasks/tasks.queries";

/**
 * What a backup (and a JSON export) carries of the family beside its records: its settings (the
 * clock, the temperature unit and fever threshold, the care tasks' settings and ladders, the rota)
 * and the people its records name (`createdBy`, `updatedBy`, a task's `assigneeId`, the rota), each
 * with the id the file uses, a name and an address. A restore finds each person among the members
 * of the family it restores into, by that id (the same server) or else by the address (another
 * server); one it does not find is left out (a record then says no author, as for an account gone).
 */
export interface FamilyBackup {
  settings: {
    timeZone: string;
    temperatureUnit: "C" | "F";
    feverThresholdC: number;
    timeFormat: TimeFormat;
    tasks: TaskSettings;
    rota: { onDuty: Record<string, string>; order: string[] };
    /** The number the family gives the clinic (the care summary's). */
    contact: FamilyContact;
  };
  people: { id: string; name: string | null; email: string | null }[];
}

/** The family's settings and members, as a backup writes them. */
export async function familyBackup(db: Db | Tx, familyId: string): Promise<FamilyBackup> {
  const [family] = await db
    .select({
      timeZone: families.timeZone,
      temperatureUnit: families.temperatureUnit,
      feverThresholdC: families.feverThresholdC,
      timeFormat: families.timeFormat,
      order: families.reminderOrder,
    })
    .from(families)
    .where(eq(families.id, familyId));
  const days = await db.select().from(onDuty).where(eq(onDuty.familyId, familyId));
  const people = await membersOf(db, familyId);
  return {
    settings: {
      timeZone: family?.timeZone ?? "UTC",
      temperatureUnit: family?.temperatureUnit ?? "C",
      feverThresholdC: family?.feverThresholdC ?? 38,
      timeFormat: family?.timeFormat ?? DEFAULT_TIME_FORMAT,
      tasks: await taskSettingsOf(db, familyId),
      contact: await familyContactOf(db, familyId),
      rota: {
        onDuty: Object.fromEntries(days.map((day) => [day.day, day.userId])),
        order: family?.order ?? [],
      },
    },
    people: people.map((person) => ({ id: person.userId, name: person.name || null, email: person.email })),
  };
}

/** The members of the family a restore goes into: who a person of the file can be. */
export interface RestoreMembers {
  /** The member a person of the file is (by the file's id), if any. */
  personOf(fileId: unknown): string | null;
  /** The members who may be on the rota (caregivers and the owner). */
  caregivers: ReadonlySet<string>;
}

const filePeople = z.array(z.object({ id: z.string(), email: z.string().nullish() }).loose());

/** Finds the people a file names among the members of `familyId`: by id, else by address. */
export async function restoreMembers(db: Db, familyId: string, people: unknown): Promise<RestoreMembers> {
  const members = (await membersOf(db, familyId)).map((m) => ({
    id: m.userId,
    email: m.email,
    role: m.role,
  }));
  const byId = new Set(members.map((m) => m.id));
  const byEmail = new Map(members.map((m) => [m.email?.toLowerCase() ?? "", m.id]));
  const parsed = filePeople.safeParse(people ?? []);
  if (!parsed.success)
    throw badRequest("The people this file names cannot be read: it may have been edited.");
  const mapped = new Map<string, string>();
  for (const person of parsed.data) {
    const member = byId.has(person.id)
      ? person.id
      : person.email
        ? byEmail.get(person.email.toLowerCase())
        : undefined;
    if (member) mapped.set(person.id, member);
  }
  return {
    personOf: (fileId) => (typeof fileId === "string" ? (mapped.get(fileId) ?? null) : null),
    caregivers: new Set(members.filter((m) => can(m.role as Role, "write")).map((m) => m.id)),
  };
}

/** A backup's settings, checked by the rules of the screens that change them, its people found. */
export type RestoredSettings = ReturnType<typeof checkSettings>;

const clockAndUnits = familyUpdateInput.pick({
  timeZone: true,
  temperatureUnit: true,
  feverThresholdC: true,
  timeFormat: true,
});

/**
 * Checks the settings of a file (an older file has none: nothing to restore) with the schemas of
 * the settings' own screens, and puts the rota's people in the family's members (a day whose
 * person is not a caregiver here is left empty). Refuses the file (400) naming a wrong setting.
 */
export function checkSettings(settings: unknown, members: RestoreMembers) {
  if (settings === undefined || settings === null) return null;
  const refuse = (issue: z.core.$ZodIssue) =>
    badRequest(`The family's settings in this file: ${issue.path.join(".") || "value"}: ${issue.message}`);
  const all = z
    .object({ tasks: z.unknown(), rota: z.unknown(), contact: z.unknown() })
    .loose()
    .safeParse(settings);
  if (!all.success) throw refuse(all.error.issues[0]!);
  const clock = clockAndUnits.safeParse(settings);
  if (!clock.success) throw refuse(clock.error.issues[0]!);
  const tasks = all.data.tasks === undefined ? null : taskSettingsInput.safeParse(all.data.tasks);
  if (tasks && !tasks.success)
    throw refuse({ ...tasks.error.issues[0]!, path: ["tasks", ...tasks.error.issues[0]!.path] });
  const rota = all.data.rota === undefined ? null : reminderRotaInput.safeParse(all.data.rota);
  if (rota && !rota.success)
    throw refuse({ ...rota.error.issues[0]!, path: ["rota", ...rota.error.issues[0]!.path] });
  const contact = all.data.contact === undefined ? null : familyContactInput.safeParse(all.data.contact);
  if (contact && !contact.success)
    throw refuse({ ...contact.error.issues[0]!, path: ["contact", ...contact.error.issues[0]!.path] });
  const here = (fileId: string) => {
    const member = members.personOf(fileId);
    return member && members.caregivers.has(member) ? member : null;
  };
  return {
    ...clock.data,
    tasks: tasks?.data ?? null,
    contact: contact ? { name: contact.data.name ?? null, phone: contact.data.phone ?? null } : null,
    rota: rota
      ? {
          onDuty: Object.fromEntries(
            Object.entries(rota.data.onDuty)
              .map(([day, person]) => [day, here(person)] as const)
              .filter((entry): entry is readonly [string, string] => entry[1] !== null),
          ),
          order: [...new Set(rota.data.order.map(here).filter((id): id is string => id !== null))],
        }
      : null,
  };
}

/** Puts a restored backup's settings in place of the family's (in the restore's last step). */
export async function applySettings(tx: Tx, familyId: string, settings: NonNullable<RestoredSettings>) {
  if (settings.timeZone) await setFamilyTimeZone(tx, familyId, settings.timeZone);
  if (settings.timeFormat) await setFamilyTimeFormat(tx, familyId, settings.timeFormat);
  await setTemperatureSettings(tx, familyId, {
    temperatureUnit: settings.temperatureUnit,
    feverThresholdC: settings.feverThresholdC,
  });
  if (settings.contact) await setFamilyContact(tx, familyId, settings.contact);
  if (settings.tasks) {
    // The file's ladders replace the family's: a kind the file leaves out goes back to the default.
    const escalation = Object.fromEntries(
      TASK_KINDS.map((kind) => [kind, settings.tasks!.escalation?.[kind] ?? null]),
    );
    await setTaskSettings(tx, familyId, { ...settings.tasks, escalation });
  }
  if (settings.rota) {
    await tx.delete(onDuty).where(eq(onDuty.familyId, familyId));
    const rows = Object.entries(settings.rota.onDuty).map(([day, userId]) => ({ familyId, day, userId }));
    if (rows.length > 0) await tx.insert(onDuty).values(rows);
    await tx.update(families).set({ reminderOrder: settings.rota.order }).where(eq(families.id, familyId));
  }
}
