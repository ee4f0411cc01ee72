import { z } from "zod";

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

const email = z
  .string({ error: "Email is required" })
  .trim()
  .toLowerCase()
  .min(1, "Email is required")
  .max(320, "Email is too long")
  .pipe(z.email({ message: "Enter a valid email address" }));

const name = z
  .string()
  .trim()
  .max(100, "Must be at most 100 characters")
  .nullish()
  .transform((v) => (v ? v : null));

export const registerInput = z.object({
  email,
  password: z
    .string({ error: "Password is required" })
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
  firstName: name,
  lastName: name,
});

export const loginInput = z.object({
  email,
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(PASSWORD_MAX * 4),
});

/** The profile form: names are trimmed before they are stored. Email is not editable. */
export const profileInput = z.object({
  firstName: name,
  lastName: name,
  childName: name,
});

export type RegisterInput = z.input<typeof registerInput>;
export type LoginInput = z.input<typeof loginInput>;
export type ProfileInput = z.input<typeof profileInput>;

/** The signed-in user as the client sees it: no password hash, no identity-provider ids. */
export interface CurrentUser {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  childName: string | null;
  profileImageUrl: string | null;
}
