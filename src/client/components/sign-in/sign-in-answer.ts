import type { AuthUser } from "@/client/lib/auth";
import type { TwoFactorPending } from "@/domain/two-factor";

/**
 * A sign-in's answer: the person, or (two factors on) the code comes next. Apart from the API
 * calls, so the passkey button on the landing page loads nothing more for it.
 */
export type SignInAnswer = AuthUser | TwoFactorPending;

export const isTwoFactorPending = (answer: SignInAnswer): answer is TwoFactorPending =>
  "twoFactor" in answer && answer.twoFactor === "required";
