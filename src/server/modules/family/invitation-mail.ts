import type { Mail } from "../../lib/mailer";

/**
 * The message with an invitation's link. Our own words only: nothing the inviter typed (a family's
 * or a child's name) is in it, so an invitation cannot be made to say more, or to name a child to a
 * stranger; the page the link opens says which family it is for.
 */
export function invitationMail(to: string, link: string): Mail {
  return {
    to,
    subject: "You are invited to a family on Medical Care Tracker",
    text: [
      "Hello,",
      "",
      "A family that uses Medical Care Tracker to look after a child has invited you to join them. To see which family and what you could do, and to accept, open this link within 7 days:",
      "",
      link,
      "",
      "You will need an account on this server: you can sign in, or create one there.",
      "",
      "If you did not expect this, you can ignore this message: nothing happens unless you accept.",
      "",
      "Medical Care Tracker",
    ].join("\n"),
  };
}
