import { z } from "zod";
import { currentUserRecord } from "./auth";

/**
 * The signed-in person as the sign-in, sign-up, profile and `GET /api/auth/user` answers give
 * them: `currentUserRecord` plus `firstVisit`, true during the account's first session (the one
 * its sign-up, or first OpenID Connect sign-in, started) and false from the next sign-in on, on
 * every device, and `emailConfirmed`, true once the account proved it reads its email (a
 * confirmation link, or an identity provider that verified it), and `timeZone`. An export's account stays
 * `currentUserRecord`: a visit is not a care record.
 */
export const signedInUserRecord = currentUserRecord.extend({
  /** The family's IANA time zone: its "today" (src/domain/clock.ts). */
  timeZone: z.string(),
  firstVisit: z.boolean(),
  emailConfirmed: z.boolean(),
});
export type SignedInUser = z.infer<typeof signedInUserRecord>;
