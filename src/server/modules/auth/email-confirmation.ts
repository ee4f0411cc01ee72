import type { Db } from "../../db/client";
import type { Delivery, Mail, Mailer } from "../../lib/mailer";
import { createEmailConfirmation, deleteEmailConfirmation } from "./email-confirmation.queries";

/** The path of the client's page that opens a link (`/confirm-email?token=...`). */
export const CONFIRMATION_PAGE = "/confirm-email";

/**
 * The message with the link. It opens with our own words, never with anything a person typed
 * (their name): whoever signs up with someone else's address cannot make the message say more.
 */
export function confirmationMail(to: string, link: string): Mail {
  return {
    to,
    subject: "Confirm your email address for Medical Care Tracker",
    text: [
      "Hello,",
      "",
      "Someone, probably you, created a Medical Care Tracker account with this email address, or asked for a new link to confirm it. To confirm that the address is yours, open this link within 48 hours:",
      "",
      link,
      "",
      "If this was not you, you can ignore this message: the address stays unconfirmed, and no records are sent to it.",
      "",
      "Medical Care Tracker",
    ].join("\n"),
  };
}

/**
 * Makes a confirmation link for the account's address and mails it. When the mail fails the link
 * is removed again, so nothing is left of the attempt, and the mailer's error goes on (a 503 for a
 * mail server that did not take it).
 */
export async function sendConfirmationLink(
  db: Db,
  mailer: Mailer,
  account: { userId: string; email: string },
  siteOrigin: string,
): Promise<Delivery> {
  const { id, token } = await createEmailConfirmation(db, account);
  try {
    return await mailer.send(
      confirmationMail(account.email, `${siteOrigin}${CONFIRMATION_PAGE}?token=${token}`),
    );
  } catch (error) {
    await deleteEmailConfirmation(db, id);
    throw error;
  }
}
