import { z } from "zod";
import { text, timeZoneField } from "./fields";
import { TIME_FORMATS } from "./time-format";
import { DEFAULT_TIME_ZONE } from "./time-zones";

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

const email = text({ error: "Email is required" })
  .trim()
  .toLowerCase()
  .min(1, "Email is required")
  .max(320, "Email is too long")
  .pipe(z.email({ message: "Enter a valid email address" }));

const name = text()
  .trim()
  .max(100, "Must be at most 100 characters")
  .nullish()
  .transform((v) => (v ? v : null));

/** A password a person chooses: at sign-up, a change, a reset. */
export const newPassword = text({ error: "Password is required" }).superRefine((password, ctx) => {
  const message =
    password.length < PASSWORD_MIN
      ? `Password must be at least ${PASSWORD_MIN} characters`
      : password.length > PASSWORD_MAX
        ? `Password must be at most ${PASSWORD_MAX} characters`
        : // Spaces at the ends are easy to type by accident and add nothing to guess.
          password.trim().length < PASSWORD_MIN
          ? `Password must be at least ${PASSWORD_MIN} characters, not counting spaces at either end`
          : undefined;
  if (message) ctx.addIssue({ code: "custom", message });
});

export const registerInput = z.object({
  email,
  password: newPassword,
  firstName: name,
  lastName: name,
  /** The browser's IANA time zone (`Intl.DateTimeFormat().resolvedOptions().timeZone`). */
  timeZone: timeZoneField.optional().transform((v) => v ?? DEFAULT_TIME_ZONE),
  /** How the browser's locale writes times ("12h" in the United States): the family's first setting. */
  timeFormat: z.enum(TIME_FORMATS).optional(),
});

export const loginInput = z.object({
  email,
  password: text({ error: "Password is required" })
    .min(1, "Password is required")
    .max(PASSWORD_MAX * 4),
});

/**
 * The profile form: names are trimmed before they are stored. Email is not editable. The family's
 * time zone is changed only when sent.
 */
export const profileInput = z.object({
  firstName: name,
  lastName: name,
  childName: name,
  timeZone: timeZoneField.optional(),
});

export type RegisterInput = z.input<typeof registerInput>;
export type LoginInput = z.input<typeof loginInput>;
export type ProfileInput = z.input<typeof profileInput>;

/** The signed-in user as the client sees it: no password hash, no identity-provider ids. */
export const currentUserRecord = z.object({
  id: z.uuid(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  childName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUserRecord>;

/** How this server signs people in (`GET /api/auth/config`): local accounts, or OpenID Connect. */
export const authConfigRecord = z.object({ mode: z.enum(["local", "oidc"]), allowSignup: z.boolean() });
export type AuthConfig = z.infer<typeof authConfigRecord>;

/** Opening an email confirmation link: the token from its address (`/confirm-email?token=...`). */
export const emailConfirmationInput = z.object({
  token: text({ error: "The link's token is required" })
    .min(1, "The link's token is required")
    .max(1000, "The link's token is too long"),
});
export type EmailConfirmationInput = z.input<typeof emailConfirmationInput>;

/** Changing the password in Settings: the current one proves it is the person. */
export const passwordChangeInput = z.object({
  currentPassword: text({ error: "Enter your current password" })
    .min(1, "Enter your current password")
    .max(PASSWORD_MAX * 4),
  newPassword,
});
export type PasswordChangeInput = z.input<typeof passwordChangeInput>;

/** Asking for a password reset link. */
export const passwordResetInput = z.object({ email });
export type PasswordResetInput = z.input<typeof passwordResetInput>;

/** Choosing a new password from a reset link (`/reset-password?token=...`). */
export const passwordResetConfirmInput = z.object({
  token: text({ error: "The link's token is required" })
    .min(1, "The link's token is required")
    .max(1000, "The link's token is too long"),
  newPassword,
});
export type PasswordResetConfirmInput = z.input<typeof passwordResetConfirmInput>;

/** An answer that is only a sentence to show (a confirmation, a message sent). */
export const messageRecord = z.object({ message: z.string() });
export type MessageRecord = z.infer<typeof messageRecord>;
