import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, desc, eq, isNull, lte, or, sql } from "drizzle-orm";
import { API_TOKEN_PREFIX, type ApiTokenMode } from "../../../domain/api-tokens";
import type { Db, Tx } from "../../db/client";
import { apiTokens, children, families } from "../../db/schema/index";
import type { TokenGrant } from "../../lib/bearer";
import { type FamilyView, inView, uuidArray } from "../../lib/child-scope";
import { notFound } from "../../lib/errors";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A token is `mct_<its row's id, 32 hex digits>_<secret>`: the id finds its row, the secret (32
 * random bytes, base64url) is what only its holder knows. Only the secret's SHA-256 is kept: a
 * secret this long needs no slow hash, and a copy of the table opens nothing.
 */
const SECRET_BYTES = 32;
const TOKEN_PATTERN = new RegExp(`^${API_TOKEN_PREFIX}([0-9a-f]{32})_([A-Za-z0-9_-]{43})$`);

const hashSecret = (secret: string) => createHash("sha256").update(secret).digest();

/** The token's text for a row's id and a secret. */
const tokenText = (id: string, secret: string) => `${API_TOKEN_PREFIX}${id.replaceAll("-", "")}_${secret}`;

/** The row id and secret a token names, or undefined for text that is no token of ours. */
function parseToken(text: string): { id: string; secret: string } | undefined {
  const match = TOKEN_PATTERN.exec(text);
  if (!match) return undefined;
  const hex = match[1]!;
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { id, secret: match[2]! };
}

/** The same-length comparison of two hashes, in time that does not depend on where they differ. */
const sameHash = (stored: string, given: Buffer) => {
  const kept = Buffer.from(stored, "hex");
  return kept.length === given.length && timingSafeEqual(kept, given);
};

const tokenColumns = {
  id: apiTokens.id,
  name: apiTokens.name,
  familyId: apiTokens.familyId,
  familyName: families.name,
  timeZone: families.timeZone,
  mode: apiTokens.mode,
  childIds: apiTokens.childIds,
  createdAt: apiTokens.createdAt,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
  revokedAt: apiTokens.revokedAt,
};

/** Tokens kept in a person's list: the newest (revoked and expired ones included). */
const TOKENS_LISTED = 100;

/**
 * The person's tokens in every family they belong to, newest first, each with its family (and its
 * clock) and the names of the children it is limited to. Never a secret.
 */
export async function apiTokensOf(db: Db | Tx, userId: string, only?: string) {
  const rows = await db
    .select(tokenColumns)
    .from(apiTokens)
    .innerJoin(families, eq(families.id, apiTokens.familyId))
    .where(and(eq(apiTokens.userId, userId), only ? eq(apiTokens.id, only) : undefined))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
    .limit(TOKENS_LISTED);
  const childIds = [...new Set(rows.flatMap((row) => row.childIds ?? []))];
  const names = new Map<string, string>();
  if (childIds.length > 0) {
    const found = await db
      .select({ id: children.id, name: children.name })
      .from(children)
      .where(sql`${children.id} = any(${uuidArray(childIds)})`);
    for (const child of found) names.set(child.id, child.name);
  }
  return rows.map(({ childIds: ids, ...row }) => ({
    ...row,
    // A child deleted since is no longer named (the token sees nothing of theirs).
    children: ids ? ids.filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id)! })) : null,
  }));
}

/**
 * Makes a token for the family the person uses now (`view`), limited to children they see there;
 * answers it with its text, the only time that text leaves the server.
 */
export async function createApiToken(
  tx: Tx,
  view: FamilyView,
  userId: string,
  input: { name: string; mode: ApiTokenMode; childIds: string[] | null; expiresInDays: number },
  now: Date,
) {
  if (input.childIds) {
    const seen = await tx
      .select({ id: children.id })
      .from(children)
      .where(and(sql`${children.id} = any(${uuidArray(input.childIds)})`, inView(view, children)));
    if (seen.length !== input.childIds.length) throw notFound("Child");
  }
  const secret = randomBytes(SECRET_BYTES).toString("base64url");
  const [row] = await tx
    .insert(apiTokens)
    .values({
      userId,
      familyId: view.familyId,
      name: input.name,
      secretHash: hashSecret(secret).toString("hex"),
      mode: input.mode,
      childIds: input.childIds,
      createdAt: now,
      expiresAt: new Date(now.getTime() + input.expiresInDays * 24 * 60 * 60 * 1000),
    })
    .returning({ id: apiTokens.id });
  const [token] = await apiTokensOf(tx, userId, row!.id);
  return { ...token!, token: tokenText(row!.id, secret) };
}

/** Revokes one of the person's tokens at once (again: nothing changes); 404 for anyone else's. */
export async function revokeApiToken(db: Db, userId: string, id: string, now: Date) {
  if (!UUID.test(id)) throw notFound("Token");
  const [found] = await db
    .select({ revokedAt: apiTokens.revokedAt })
    .from(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)));
  if (!found) throw notFound("Token");
  if (!found.revokedAt) {
    await db
      .update(apiTokens)
      .set({ revokedAt: now })
      .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)));
  }
}

/** Why a token does not work: not one of ours at all (or a wrong secret), expired or revoked. */
export type TokenRefusal = "invalid" | "expired" | "revoked";

/** How often a token's last use is written: at most once a minute, so each use costs one read. */
export const LAST_USE_EVERY_MS = 60_000;

/**
 * The grant of a token that works at `now`, noting its use (to the minute); else why not. Only the
 * holder of the right secret learns that a token expired or was revoked: for anyone else every
 * token is just "invalid".
 */
export async function checkApiToken(
  db: Db,
  text: string,
  now: Date,
): Promise<{ grant: TokenGrant } | { refused: TokenRefusal }> {
  const parsed = parseToken(text);
  if (!parsed) return { refused: "invalid" };
  const given = hashSecret(parsed.secret);
  const [row] = await db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      userId: apiTokens.userId,
      familyId: apiTokens.familyId,
      mode: apiTokens.mode,
      childIds: apiTokens.childIds,
      secretHash: apiTokens.secretHash,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
      revokedAt: apiTokens.revokedAt,
    })
    .from(apiTokens)
    .where(eq(apiTokens.id, parsed.id));
  if (!row || !sameHash(row.secretHash, given)) return { refused: "invalid" };
  if (row.revokedAt) return { refused: "revoked" };
  if (row.expiresAt.getTime() <= now.getTime()) return { refused: "expired" };
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USE_EVERY_MS) {
    // Another process may have noted it meanwhile: the condition keeps it to one write a minute.
    const noted = new Date(now.getTime() - LAST_USE_EVERY_MS);
    await db
      .update(apiTokens)
      .set({ lastUsedAt: now })
      .where(
        and(eq(apiTokens.id, row.id), or(isNull(apiTokens.lastUsedAt), lte(apiTokens.lastUsedAt, noted))),
      );
  }
  return {
    grant: {
      tokenId: row.id,
      name: row.name,
      userId: row.userId,
      familyId: row.familyId,
      mode: row.mode,
      childIds: row.childIds ?? null,
    },
  };
}
