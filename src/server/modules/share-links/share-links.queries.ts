import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { can } from "../../../domain/roles";
import type { Db, Tx } from "../../db/client";
import { children, families, shareLinks, shareLinkViews } from "../../db/schema/index";
import { personName } from "../../lib/authors";
import { type FamilyView, inView, seesChild } from "../../lib/child-scope";
import { notFound } from "../../lib/errors";
import { membershipOf, viewOf } from "../../lib/family-access";
import { careSummaries } from "../exports/care-summary";
import { hashLinkToken, newLinkToken } from "../family/invitations.queries";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Views kept per link in its list (the newest): enough to tell who looked and when. */
const VIEWS_LISTED = 50;

/** A clinic link to the care summary of a child the member sees, lasting `hours`; its token leaves once. */
export async function createShareLink(
  tx: Tx,
  view: FamilyView,
  createdBy: string,
  input: { childId: string; expiresInHours: number },
  now: Date,
) {
  const [child] = seesChild(view, input.childId)
    ? await tx
        .select({ id: children.id })
        .from(children)
        .where(and(eq(children.id, input.childId), inView(view, children)))
    : [];
  if (!child) throw notFound("Child");
  const token = newLinkToken();
  const [row] = await tx
    .insert(shareLinks)
    .values({
      familyId: view.familyId,
      childId: child.id,
      tokenHash: hashLinkToken(token),
      createdBy,
      createdAt: now,
      expiresAt: new Date(now.getTime() + input.expiresInHours * 60 * 60 * 1000),
    })
    .returning({ id: shareLinks.id });
  const [link] = await shareLinksOf(tx, view, row!.id);
  return { link: link!, token };
}

/** The family's clinic links (of the children the member sees), newest first, each with its views. */
export async function shareLinksOf(db: Db | Tx, view: FamilyView, only?: string) {
  const links = await db
    .select({
      id: shareLinks.id,
      childId: shareLinks.childId,
      childName: children.name,
      createdByName: personName(shareLinks.createdBy),
      createdAt: shareLinks.createdAt,
      expiresAt: shareLinks.expiresAt,
      revokedAt: shareLinks.revokedAt,
    })
    .from(shareLinks)
    .innerJoin(children, eq(children.id, shareLinks.childId))
    .where(
      and(
        eq(shareLinks.familyId, view.familyId),
        inView(view, children),
        only ? eq(shareLinks.id, only) : undefined,
      ),
    )
    .orderBy(desc(shareLinks.createdAt))
    .limit(100);
  if (links.length === 0) return [];
  const views = await db
    .select({
      linkId: shareLinkViews.linkId,
      viewedAt: shareLinkViews.viewedAt,
      address: shareLinkViews.address,
      rank: sql<number>`row_number() over (partition by ${shareLinkViews.linkId} order by ${shareLinkViews.viewedAt} desc)`,
    })
    .from(shareLinkViews)
    .where(
      inArray(
        shareLinkViews.linkId,
        links.map((l) => l.id),
      ),
    )
    .orderBy(desc(shareLinkViews.viewedAt));
  return links.map((link) => ({
    ...link,
    views: views
      .filter((v) => v.linkId === link.id && Number(v.rank) <= VIEWS_LISTED)
      .map(({ viewedAt, address }) => ({ viewedAt, address })),
  }));
}

/** Revokes a clinic link of the family (of a child the member sees); 404 for any other. */
export async function revokeShareLink(db: Db | Tx, view: FamilyView, id: string, now: Date) {
  if (!UUID.test(id)) throw notFound("Link");
  const [link] = await shareLinksOf(db, view, id);
  if (!link) throw notFound("Link");
  if (!link.revokedAt) await db.update(shareLinks).set({ revokedAt: now }).where(eq(shareLinks.id, id));
}

/**
 * The summary a clinic link shows, recording the view; undefined for a link that is unknown,
 * revoked or expired, all alike. A link acts with its maker's rights as they are now: it shows
 * nothing once its maker has left the family, has been removed, made a viewer or limited to
 * other children (or their account is gone), and what it shows is what they may see.
 */
export async function openShareLink(db: Db, token: string, address: string | null, now: Date) {
  if (token.length > 200) return undefined;
  const [link] = await db
    .select({
      id: shareLinks.id,
      familyId: shareLinks.familyId,
      childId: shareLinks.childId,
      createdBy: shareLinks.createdBy,
      expiresAt: shareLinks.expiresAt,
      timeZone: families.timeZone,
      timeFormat: families.timeFormat,
    })
    .from(shareLinks)
    .innerJoin(families, eq(families.id, shareLinks.familyId))
    .where(and(eq(shareLinks.tokenHash, hashLinkToken(token)), isNull(shareLinks.revokedAt)));
  if (!link || link.expiresAt.getTime() <= now.getTime()) return undefined;
  const member = link.createdBy ? await membershipOf(db, link.familyId, link.createdBy) : undefined;
  if (!member || !can(member.role, "share")) return undefined;
  const maker = viewOf(link.familyId, member);
  if (!seesChild(maker, link.childId)) return undefined;
  const [summary] = await careSummaries(db, maker, link.childId, {
    now,
    timeZone: link.timeZone,
    timeFormat: link.timeFormat,
  });
  if (!summary) return undefined;
  await db
    .insert(shareLinkViews)
    .values({ linkId: link.id, viewedAt: now, address: address?.slice(0, 64) ?? null });
  return { summary, expiresAt: link.expiresAt, timeZone: link.timeZone };
}
