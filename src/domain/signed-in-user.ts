import { z } from "zod";
import { currentUserRecord } from "./auth";
import { ROLES } from "./roles";
import { TIME_FORMATS } from "./time-format";

/**
 * The signed-in person as the sign-in, sign-up, profile and `GET /api/auth/user` answers give
 * them: `currentUserRecord` plus `firstVisit`, true during the account's first session (the one
 * its sign-up, or first OpenID Connect sign-in, started) and false from the next sign-in on, on
 * every device, and `emailConfirmed`, true once the account proved it reads its email (a
 * confirmation link, or an identity provider that verified it), and the family in use: its id, name,
 * time zone, the person's role and children in it, and every family they belong to. An export's account stays
 * `currentUserRecord`: a visit is not a care record.
 */
export const signedInUserRecord = currentUserRecord.extend({
  /** The family's IANA time zone: its "today" (src/domain/clock.ts). */
  timeZone: z.string(),
  /** How the family writes times of day: "24h" or "12h" (time-format.ts). */
  timeFormat: z.enum(TIME_FORMATS),
  /** The family in use on this device, and the person's role in it. */
  familyId: z.uuid(),
  familyName: z.string(),
  role: z.enum(ROLES),
  /** The children the membership is limited to; null: every child of the family. */
  childIds: z.array(z.uuid()).nullable(),
  /** How the family reads temperatures ("C" or "F"), and its fever threshold in °C (vitals.ts). */
  temperatureUnit: z.enum(["C", "F"]),
  feverThresholdC: z.number(),
  /** Every family the person belongs to, to switch between. */
  families: z.array(z.object({ id: z.uuid(), name: z.string(), role: z.enum(ROLES) })),
  firstVisit: z.boolean(),
  emailConfirmed: z.boolean(),
});
export type SignedInUser = z.infer<typeof signedInUserRecord>;
