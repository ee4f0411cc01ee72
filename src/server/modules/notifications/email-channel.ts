import type { Mail } from "../../lib/mailer";

export interface EmailMessage {
  title: string;
  body: string;
  /** Absolute links, or undefined when the server has no address to give them (no PUBLIC_URL). */
  open: string | undefined;
  done: { label: string; url: string } | undefined;
  snooze: string | undefined;
  settings: string | undefined;
}

/**
 * A reminder as an email: the words, then a link per action. The Done and Snooze links are the
 * same single-use addresses the push buttons POST to; opened from a mail they must lead to a page
 * that asks before it acts, since mail scanners open links by themselves (docs/ARCHITECTURE.md).
 */
export function reminderMail(to: string, message: EmailMessage): Mail {
  const lines = [message.body, ""];
  if (message.done) lines.push(`${message.done.label}: ${message.done.url}`);
  if (message.snooze) lines.push(`Snooze: ${message.snooze}`);
  if (message.open) lines.push(`Open the app: ${message.open}`);
  lines.push(
    "",
    "--",
    "You receive this because email is on in your notification settings of Medical Care Tracker.",
  );
  if (message.settings) lines.push(`Change them here: ${message.settings}`);
  return { to, subject: `Medical Care Tracker: ${message.title}`, text: `${lines.join("\n")}\n` };
}
