import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { isValidTimeZone } from "../../domain/clock";
import { can, ROLES, type Role } from "../../domain/roles";
import { DEFAULT_TIME_FORMAT, type TimeFormat } from "../../domain/time-format";
import type { Db, Tx } from "../db/client";
import { children, families, familyMembers, twoFactorSecrets, users } from "../db/schema/index";
import { personName } from "./authors";
import type { TokenGrant } from "./bearer";
import type { FamilyView } from "./child-scope";
import type { Clock } from "./session-store";

/**
 * Who acts, for which family, with which role and which children (DESIGN section 3): what every
 * query is scoped by and every write is checked against.
 */
export interface Access {
  /** The person signed in: who is acting (the audit's actor, the profile, the passkeys). */
  actorId: string;
  /** Whose records the request reads and changes. */
  familyId: string;
  role: Role;
  /** The children the membership is limited to; null: every child of the family. */
  childIds: readonly string[] | null;
  /** The family's IANA time zone: its "today". */
  timeZone: string;
  /** How the family writes times of day (src/domain/time-format.ts). */
  timeFormat: TimeFormat;
  /** How the family reads temperatures, and the fever that opens the fever card (vitals.ts). */
  temperatureUnit: "C" | "F";
  feverThresholdC: number;
  /**
   * The personal API token the request was sent with (plugins/access.ts refuses it what no token
   * may do; the audit says "by token <name>"), or null for the app in a browser.
   */
  token: { id: string; name: string; mode: TokenGrant["mode"] } | null;
}

/**
 * The role a token acts with: a read-only token reads like a viewer; a read-and-write token acts
 * with the person's role, but never manages (an owner's acts as a caregiver), and a viewer's still
 * only reads.
 */
export function roleThroughToken(personRole: Role, mode: TokenGrant["mode"]): Role {
  if (mode === "read" || personRole === "viewer") return "viewer";
  return "caregiver";
}

/** The children both limits allow (null: no limit): a token's and its person's membership's. */
export function bothLimits(
  a: readonly string[] | null,
  b: readonly string[] | null,
): readonly string[] | null {
  if (!a) return b;
  if (!b) return a;
  return a.filter((id) => b.includes(id));
}

/** A family's name as a person would give it: 'The Lopez family', else 'Maria's family'. */
export function defaultFamilyName(person: { firstName: string | null; lastName: string | null }): string {
  const last = person.lastName?.trim();
  if (last) return `The ${last} family`;
  const first = person.firstName?.trim();
  return first ? `${first}'s family` : "My family";
}

/**
 * Makes a family for a person, with them as its owner, on their clock. Every person has a family:
 * one is made at their first signed-in request, and again whenever they belong to none (they left
 * or were removed from every family they were in). A new family's id is its own (only the families
 * made of the accounts that existed before families did took their account's id: migration 0021),
 * so a deleted family's id, and the prefix of its stored files, is never used again.
 */
export async function createFamilyFor(tx: Tx | Db, userId: string): Promise<string | undefined> {
  const [person] = await tx
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      timeZone: users.timeZone,
      timeFormat: users.timeFormat,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!person) return undefined;
  const [family] = await tx
    .insert(families)
    .values({
      name: defaultFamilyName(person),
      timeZone: person.timeZone,
      timeFormat: person.timeFormat ?? DEFAULT_TIME_FORMAT,
    })
    .returning({ id: families.id });
  await tx.insert(familyMembers).values({ familyId: family!.id, userId, role: "owner" });
  return family!.id;
}

const membershipColumns = {
  familyId: familyMembers.familyId,
  role: familyMembers.role,
  childIds: familyMembers.childIds,
  timeZone: families.timeZone,
  timeFormat: families.timeFormat,
  temperatureUnit: families.temperatureUnit,
  feverThresholdC: families.feverThresholdC,
};

/**
 * The person's membership in the family `wanted` (the one this device chose), or else their first
 * family (one with children first, then one they own, then the oldest); null when they belong to none.
 */
async function findMembership(db: Db | Tx, userId: string, wanted: string | undefined) {
  const [row] = await db
    .select(membershipColumns)
    .from(familyMembers)
    .innerJoin(families, eq(families.id, familyMembers.familyId))
    .where(eq(familyMembers.userId, userId))
    .orderBy(
      ...(wanted ? [desc(sql`${familyMembers.familyId} = ${wanted}`)] : []),
      // A family with children before an empty one (the one made for someone who joined another).
      desc(sql`exists (select 1 from ${children} c where c.family_id = ${familyMembers.familyId})`),
      desc(sql`${familyMembers.role} = 'owner'`),
      asc(familyMembers.createdAt),
    )
    .limit(1);
  return row;
}

/** The person's membership in exactly this family (a token's), or undefined. */
async function membershipIn(db: Db, userId: string, familyId: string) {
  const [row] = await db
    .select(membershipColumns)
    .from(familyMembers)
    .innerJoin(families, eq(families.id, familyMembers.familyId))
    .where(and(eq(familyMembers.userId, userId), eq(familyMembers.familyId, familyId)));
  return row;
}

type MembershipRow = NonNullable<Awaited<ReturnType<typeof membershipIn>>>;

/** Who acts for which family, from their membership there. */
function accessOf(userId: string, row: MembershipRow): Access {
  return {
    actorId: userId,
    familyId: row.familyId,
    role: row.role,
    childIds: row.childIds ?? null,
    timeZone: isValidTimeZone(row.timeZone) ? row.timeZone : "UTC",
    timeFormat: row.timeFormat === "12h" ? "12h" : "24h",
    temperatureUnit: row.temperatureUnit,
    feverThresholdC: row.feverThresholdC,
    token: null,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * How long a process trusts an access it has just read: a removal or a change of role reaches every
 * process sharing the database within this time, and at once in the process that made it (which
 * calls `forget`). The same half second as the session's.
 */
export const ACCESS_CACHE_MS = 500;
const ACCESS_CACHE_SIZE = 10_000;

/** Resolves accesses, remembering each for `ACCESS_CACHE_MS` by the clock given. */
export function createAccessResolver(db: Db, clock: Clock) {
  const cache = new Map<string, { access: Access; readAt: number }>();

  async function read(userId: string, wanted: string | undefined): Promise<Access | null> {
    let row = await findMembership(db, userId, wanted);
    if (!row) {
      // No family: make one, once, however many requests arrive together.
      row = await db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
        const raced = await findMembership(tx, userId, wanted);
        if (raced) return raced;
        if (!(await createFamilyFor(tx, userId))) return undefined;
        return findMembership(tx, userId, wanted);
      });
    }
    return row ? accessOf(userId, row) : null;
  }

  /** Remembers `access` under `key` for `ACCESS_CACHE_MS`. */
  function remember(key: string, access: Access, at: number) {
    cache.delete(key);
    if (cache.size >= ACCESS_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(key, { access, readAt: at });
  }
  function recalled(key: string, at: number): Access | undefined {
    const cached = cache.get(key);
    if (cached && at - cached.readAt >= 0 && at - cached.readAt < ACCESS_CACHE_MS) return cached.access;
    return undefined;
  }

  return {
    /** The person's access to the family `wanted` (when they belong to it), else to their first family. */
    async resolve(userId: string, wanted?: string): Promise<Access | null> {
      const family = wanted && UUID.test(wanted) ? wanted : undefined;
      const key = `${userId}/${family ?? ""}`;
      const at = clock().getTime();
      const cached = recalled(key, at);
      if (cached) return cached;
      const access = await read(userId, family);
      if (!access) return null;
      remember(key, access, at);
      return access;
    },
    /**
     * A token's access: its person's membership in its family (no other family, and none made for
     * them), with the role the token allows (`roleThroughToken`) and the children both limits
     * allow. Null when the person is no longer in that family.
     */
    async resolveToken(grant: TokenGrant): Promise<Access | null> {
      const key = `token:${grant.tokenId}`;
      const at = clock().getTime();
      const cached = recalled(key, at);
      if (cached) return cached;
      const row = await membershipIn(db, grant.userId, grant.familyId);
      if (!row) return null;
      const person = accessOf(grant.userId, row);
      const access: Access = {
        ...person,
        role: roleThroughToken(person.role, grant.mode),
        childIds: bothLimits(person.childIds, grant.childIds),
        token: { id: grant.tokenId, name: grant.name, mode: grant.mode },
      };
      remember(key, access, at);
      return access;
    },
    /** Forgets what this process remembers: a membership, a role or a family changed. */
    forget(): void {
      cache.clear();
    },
  };
}

export type AccessResolver = ReturnType<typeof createAccessResolver>;

// ---- Membership: every question "is this person a member, with which role, seeing which
// children" is answered here, for requests (above), clinic links, reminder tokens, delivery,
// the reminders' rota and the family's own pages. Which child a member sees is `seesChild`'s.

/** A person's membership of a family: their role and the children it is limited to (null: all). */
export interface Membership {
  userId: string;
  role: Role;
  childIds: string[] | null;
}

/** A person's membership of a family, or undefined; `forUpdate` locks it for a change. */
export async function membershipOf(
  db: Db | Tx,
  familyId: string,
  userId: string,
  options: { forUpdate?: boolean } = {},
): Promise<Membership | undefined> {
  if (!UUID.test(familyId) || !UUID.test(userId)) return undefined;
  const query = db
    .select({ userId: familyMembers.userId, role: familyMembers.role, childIds: familyMembers.childIds })
    .from(familyMembers)
    .where(and(eq(familyMembers.familyId, familyId), eq(familyMembers.userId, userId)));
  const [row] = await (options.forUpdate ? query.for("update") : query);
  return row;
}

/** What a membership may see of its family's records (`seesChild`, `inView`). */
export const viewOf = (familyId: string, member: Pick<Membership, "childIds">): FamilyView => ({
  familyId,
  childIds: member.childIds,
});

/** Whether a person belongs to a family. */
export async function isMember(db: Db | Tx, userId: string, familyId: string): Promise<boolean> {
  return Boolean(await membershipOf(db, familyId, userId));
}

/** Whether the person may act on the family's records and tasks (a member who is not a viewer). */
export async function isCaregiverOf(db: Db | Tx, familyId: string, userId: string): Promise<boolean> {
  const member = await membershipOf(db, familyId, userId);
  return Boolean(member && can(member.role, "write"));
}

/** The roles that may act (write), and so are told about tasks and may be on duty. */
const CAREGIVER_ROLES = ROLES.filter((role) => can(role, "write"));

/** The family's caregivers (members who may act), longest members first, with their names. */
export function caregiversOf(db: Db | Tx, familyId: string) {
  return db
    .select({
      userId: familyMembers.userId,
      name: personName(familyMembers.userId),
      childIds: familyMembers.childIds,
    })
    .from(familyMembers)
    .where(and(eq(familyMembers.familyId, familyId), inArray(familyMembers.role, CAREGIVER_ROLES)))
    .orderBy(asc(familyMembers.createdAt), asc(familyMembers.userId));
}

/** The family's members for its page: the owner first, then by when they joined. */
export async function membersOf(db: Db | Tx, familyId: string) {
  return db
    .select({
      userId: familyMembers.userId,
      name: sql<string>`coalesce(${personName(familyMembers.userId)}, '')`,
      email: users.email,
      role: familyMembers.role,
      childIds: familyMembers.childIds,
      joinedAt: familyMembers.createdAt,
      // Whether the member signs in with two factors (the owner's view: who still uses a password alone).
      twoFactor: sql<boolean>`exists (select 1 from ${twoFactorSecrets} where ${twoFactorSecrets.userId} = ${users.id} and ${twoFactorSecrets.enabledAt} is not null)`,
    })
    .from(familyMembers)
    .innerJoin(users, eq(users.id, familyMembers.userId))
    .where(eq(familyMembers.familyId, familyId))
    .orderBy(desc(sql`${familyMembers.role} = 'owner'`), asc(familyMembers.createdAt));
}

/** The families a person belongs to, with their role in each, oldest membership first. */
export async function familiesOf(
  db: Db | Tx,
  userId: string,
): Promise<{ id: string; name: string; role: Role }[]> {
  return db
    .select({ id: families.id, name: families.name, role: familyMembers.role })
    .from(familyMembers)
    .innerJoin(families, eq(families.id, familyMembers.familyId))
    .where(eq(familyMembers.userId, userId))
    .orderBy(asc(familyMembers.createdAt), asc(families.name));
}

/** The families a person owns, each with how many other members it has. */
export async function familiesOwnedBy(db: Db | Tx, userId: string) {
  return db
    .select({
      id: families.id,
      name: families.name,
      others: sql<number>`(select count(*)::int from ${familyMembers} o where o.family_id = ${families.id} and o.user_id <> ${userId})`,
    })
    .from(familyMembers)
    .innerJoin(families, eq(families.id, familyMembers.familyId))
    .where(and(eq(familyMembers.userId, userId), eq(familyMembers.role, "owner")));
}

/** Whether the family has a member with this email address (an invitation to them is refused). */
export async function hasMemberWithEmail(db: Db | Tx, familyId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: familyMembers.userId })
    .from(familyMembers)
    .innerJoin(users, eq(users.id, familyMembers.userId))
    .where(and(eq(familyMembers.familyId, familyId), eq(users.email, email)));
  return Boolean(row);
}
