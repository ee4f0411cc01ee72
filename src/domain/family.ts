import { z } from "zod";
import { careSummaryRecord } from "./exports";
import {
  MAX_LIST_ITEMS,
  oneOf,
  optionalPhone,
  optionalText,
  requiredId,
  requiredText,
  text,
  timeZoneField,
} from "./fields";
import { timestamp, type Wire } from "./records";
import { INVITED_ROLES, ROLES } from "./roles";
import { TIME_FORMATS } from "./time-format";
import { TEMPERATURE_UNITS } from "./vitals";

/**
 * The contracts of the family's routes: its settings, members, invitations and the read-only
 * links for the clinic. Who may do what is in roles.ts.
 */

/**
 * The children a membership is limited to: a list of the family's children (at least one), or null
 * for every child, now and to come.
 */
export const childLimit = z
  .array(z.uuid({ message: "Each child must be a valid id" }), { message: "Children must be a list of ids" })
  .min(1, "Choose at least one child, or every child")
  .max(MAX_LIST_ITEMS, `At most ${MAX_LIST_ITEMS} children`)
  .nullable()
  .optional()
  .transform((ids) => (ids ? [...new Set(ids)] : null));

export const familyNameField = requiredText("Family name", 100);

/**
 * `GET /api/family/changes?familyId=`: about the family an open page shows (else the one in use), a
 * number that goes up with every change of its records, settings and members (the page reloads
 * what it shows when it moved), and the person's place in it now: their role and children, or
 * null once they are no longer in it (removed, or never were: then the mark is 0, nothing of the
 * family's). The page says so within seconds (client/lib/family-changes.ts).
 */
export const familyChangesQuery = z.object({
  familyId: z.uuid({ message: "The family must be a valid id" }).optional(),
});
export const familyChangesRecord = z.object({
  mark: z.number().int().nonnegative(),
  membership: z.object({ role: z.enum(ROLES), childIds: z.array(z.uuid()).nullable() }).nullable(),
});
export type FamilyChanges = z.infer<typeof familyChangesRecord>;

/** `PATCH /api/family`: the owner renames the family or sets its clock. */
export const familyUpdateInput = z.object({
  name: familyNameField.optional(),
  timeZone: timeZoneField.optional(),
  timeFormat: oneOf("Time format", TIME_FORMATS).optional(),
  temperatureUnit: oneOf("Temperature unit", TEMPERATURE_UNITS).optional(),
  /**
   * In °C: 37.5 to 39.5 covers the thresholds home-PN programmes use (38.0 by default). Two
   * decimals, so a threshold typed in °F keeps its tenth of a °F (100.5 °F is 38.06 °C: vitals.ts).
   */
  feverThresholdC: z
    .number({ message: "The fever threshold must be a number of °C" })
    .min(37.5, "The fever threshold must be at least 37.5 °C")
    .max(39.5, "The fever threshold must be at most 39.5 °C")
    .multipleOf(0.01, "The fever threshold has at most two decimals")
    .optional(),
});

/**
 * `GET` / `PUT /api/family/contact`: the number the family gives the clinic (the care summary, a
 * clinic link, the printed and PDF summary) and whom it reaches ("Maria Lopez (mother)"). The
 * owner's to set; without a number nothing is shown.
 */
export const familyContactInput = z.object({
  name: optionalText(100),
  phone: optionalPhone("Phone"),
});
export const familyContactRecord = z.object({ name: z.string().nullable(), phone: z.string().nullable() });
export type FamilyContact = z.infer<typeof familyContactRecord>;

/** `PUT /api/auth/family`: which family this device uses. */
export const familySwitchInput = z.object({ familyId: requiredId("Family") });

/**
 * `PATCH /api/family/members/:userId`: a member's role and children. Making a member the owner hands
 * the family over: the owner until then becomes a caregiver.
 */
export const memberUpdateInput = z.object({
  role: oneOf("Role", ROLES).optional(),
  childIds: childLimit,
});

export const memberRecord = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  role: z.enum(ROLES),
  childIds: z.array(z.uuid()).nullable(),
  joinedAt: timestamp,
  /** Whether the member signs in with two factors (a code after the password). */
  twoFactor: z.boolean(),
});
export type FamilyMember = Wire<typeof memberRecord>;

export const invitationInput = z.object({
  email: text({ error: "Email is required" })
    .trim()
    .toLowerCase()
    .min(1, "Email is required")
    .max(320, "Email is too long")
    .pipe(z.email({ message: "Enter a valid email address" })),
  role: oneOf("Role", INVITED_ROLES),
  childIds: childLimit,
});
export type InvitationInput = z.input<typeof invitationInput>;

/** How long an invitation's link works. */
export const INVITATION_DAYS = 7;

export const invitationRecord = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(ROLES),
  childIds: z.array(z.uuid()).nullable(),
  invitedByName: z.string().nullable(),
  createdAt: timestamp,
  expiresAt: timestamp,
  /**
   * An account that asked to join with this invitation though it is not the invited address's
   * (or has not confirmed it): the owner may let it in. Null when nobody asked.
   */
  requestedByName: z.string().nullable(),
  requestedByEmail: z.string().nullable(),
});
export type Invitation = Wire<typeof invitationRecord>;

/**
 * A new invitation: its link, shown once for copying (only its hash is kept), and whether it was
 * mailed ("sent"), saved in the server's outbox ("outbox"), or not sent ("none", with `notice`).
 */
export const createdInvitationRecord = invitationRecord.extend({
  url: z.string(),
  delivery: z.enum(["sent", "outbox", "none"]),
  notice: z.string().nullable(),
});
export type CreatedInvitation = Wire<typeof createdInvitationRecord>;

/**
 * What opening an invitation's link shows, signed out, before accepting: who invites (their first
 * name) and to what role, until when. Nothing more: whoever holds the link (a forwarded message, a
 * mail scanner) learns neither the family's name, nor the address invited, nor the children.
 */
export const invitationPreviewRecord = z.object({
  role: z.enum(ROLES),
  invitedByName: z.string().nullable(),
  expiresAt: timestamp,
});
export type InvitationPreview = Wire<typeof invitationPreviewRecord>;

export const invitationTokenInput = z.object({
  token: text({ error: "The invitation's token is required" })
    .min(1, "The invitation's token is required")
    .max(200),
});

/** A clinic link's life: 72 hours unless chosen, at most 30 days. */
export const SHARE_LINK_DEFAULT_HOURS = 72;
export const SHARE_LINK_MAX_HOURS = 30 * 24;

export const shareLinkInput = z.object({
  childId: requiredId("Child"),
  expiresInHours: z
    .number({ message: "Hours must be a number" })
    .int("Hours must be a whole number")
    .min(1, "A link lasts at least 1 hour")
    .max(SHARE_LINK_MAX_HOURS, `A link lasts at most ${SHARE_LINK_MAX_HOURS} hours (30 days)`)
    .optional()
    .transform((hours) => hours ?? SHARE_LINK_DEFAULT_HOURS),
});
export type ShareLinkInput = z.input<typeof shareLinkInput>;

export const shareLinkViewRecord = z.object({ viewedAt: timestamp, address: z.string().nullable() });

export const shareLinkRecord = z.object({
  id: z.uuid(),
  childId: z.uuid(),
  childName: z.string(),
  createdByName: z.string().nullable(),
  createdAt: timestamp,
  expiresAt: timestamp,
  revokedAt: timestamp.nullable(),
  views: z.array(shareLinkViewRecord),
});
export type ShareLink = Wire<typeof shareLinkRecord>;

/** A new clinic link: its address, shown once (only its hash is kept). */
export const createdShareLinkRecord = shareLinkRecord.extend({ url: z.string() });
export type CreatedShareLink = Wire<typeof createdShareLinkRecord>;

/** `GET /api/shared/:token`: the one child's care summary a clinic link shows, and until when. */
export const sharedSummaryRecord = z.object({
  summary: careSummaryRecord,
  expiresAt: timestamp,
  /** The family's clock: the summary's dates and "days in" are read on it. */
  timeZone: z.string(),
});
export type SharedSummary = Wire<typeof sharedSummaryRecord>;
