import type { FastifyReply, FastifyRequest } from "fastify";
import type { SignedInUser } from "../../../domain/signed-in-user";
import type { Db } from "../../db/client";
import { familiesOf } from "../../lib/family-access";
import { getUser, signedInUser } from "./users.queries";

/**
 * The signed-in person as every sign-in, `GET /api/auth/user`, the profile and the page give them:
 * the account, and the family this device uses (its clock, the person's role and children in it)
 * with every family they belong to (for a personal API token, its family only, with the role the
 * token acts with). Undefined when signed out.
 */
export async function signedInAnswer(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<SignedInUser | undefined> {
  const access = await request.loadAccess(reply);
  if (!access) return undefined;
  const [user, memberships] = await Promise.all([
    getUser(db, access.actorId),
    familiesOf(db, access.actorId),
  ]);
  if (!user) return undefined;
  const family = memberships.find((f) => f.id === access.familyId);
  // A personal API token is for one family: it learns nothing of the person's others.
  const families = access.token ? (family ? [{ ...family, role: access.role }] : []) : memberships;
  return {
    ...signedInUser(user),
    timeZone: access.timeZone,
    timeFormat: access.timeFormat,
    familyId: access.familyId,
    familyName: family?.name ?? "",
    role: access.role,
    childIds: access.childIds ? [...access.childIds] : null,
    temperatureUnit: access.temperatureUnit,
    feverThresholdC: access.feverThresholdC,
    families,
  };
}
