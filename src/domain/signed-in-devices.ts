import { z } from "zod";
import { timestamp, type Wire } from "./records";

/**
 * One of the person's signed-in devices (a live session), as Settings lists it: the browser and the
 * device read from its user agent at sign-in (null when unknown), the address it signed in from,
 * when it signed in and was last used (to the minute), and whether it is this device. Its `id` names
 * it to sign it out; the session's cookie, and the key the server keeps of it, never leave.
 */
export const signedInDeviceRecord = z.object({
  id: z.uuid(),
  browser: z.string().nullable(),
  device: z.string().nullable(),
  ip: z.string().nullable(),
  signedInAt: timestamp,
  lastUsedAt: timestamp,
  current: z.boolean(),
});
export type SignedInDevice = Wire<typeof signedInDeviceRecord>;

/** What signing out every other device answers: how many were signed out. */
export const signedOutDevicesRecord = z.object({ signedOut: z.number().int() });
