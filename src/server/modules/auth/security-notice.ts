import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { formatStamp } from "../../../domain/clock";
import type { Mail, Mailer } from "../../lib/mailer";

/** A change to how an account signs in, told to its address: whoever did not make it learns of it. */
export type SecurityChange = "two-factor-on" | "two-factor-off" | "password-changed" | "passkey-added";

const WHAT: Record<SecurityChange, { subject: string; done: string; after: string }> = {
  "two-factor-on": {
    subject: "Two-factor sign-in is on for your Medical Care Tracker account",
    done: "two-factor sign-in was turned on for your account",
    after:
      "Every sign-in now asks for a code from your authenticator app, and your other devices were signed out.",
  },
  "two-factor-off": {
    subject: "Two-factor sign-in is off for your Medical Care Tracker account",
    done: "two-factor sign-in was turned off for your account",
    after: "Your password alone now signs you in.",
  },
  "password-changed": {
    subject: "Your Medical Care Tracker password was changed",
    done: "the password of your account was changed",
    after: "Your other devices were signed out.",
  },
  // Whoever holds a passkey signs in with it alone, with no password and no email: the one
  // addition to an account that outlasts a password change.
  "passkey-added": {
    subject: "A passkey was added to your Medical Care Tracker account",
    done: "a passkey was added to your account",
    after:
      "It signs in without your password. Settings lists your passkeys, and removes one you do not know.",
  },
};

/**
 * The notice of a change: what changed and when, on the family's clock, and what to do when it
 * was not the person. Our own words only, as every message the app sends.
 */
export function securityNoticeMail(to: string, change: SecurityChange, at: Date, timeZone: string): Mail {
  const what = WHAT[change];
  return {
    to,
    subject: what.subject,
    text: [
      "Hello,",
      "",
      `On ${formatStamp(at, timeZone)}, ${what.done}. ${what.after}`,
      "",
      "If this was you, there is nothing to do.",
      "",
      "If it was not you, someone else may be signed in as you: reset your password from the sign-in page (\u201cForgot your password?\u201d), which signs out every device, then check Settings.",
      "",
      "Medical Care Tracker",
    ].join("\n"),
  };
}

/**
 * Sends notices after the answer, so a slow or refusing mail server neither delays nor undoes the
 * change (a failure is logged); the app waits for those on their way when it closes.
 */
export function securityNotices(scope: FastifyInstance, mailer: Mailer) {
  const sending = new Set<Promise<unknown>>();
  scope.addHook("onClose", async () => {
    await Promise.allSettled([...sending]);
  });
  return (log: FastifyBaseLogger, mail: Mail) => {
    const send = mailer
      .send(mail)
      .catch((err: Error) => log.warn({ fault: err.name }, "a notice of a sign-in change was not sent"))
      .finally(() => sending.delete(send));
    sending.add(send);
  };
}
