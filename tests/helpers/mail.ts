import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type ParsedMail, simpleParser } from "mailparser";
import { expect } from "vitest";
import type { TestApp, TestUser } from "./test-app";

/**
 * The messages the app saved in its outbox (DATA_DIR/outbox, no mail settings), oldest first: the
 * finished ones, not one still being written under its `.tmp` name (read half-way, a notice had
 * its subject and no text yet).
 */
export async function outboxMessages(dataDir: string): Promise<ParsedMail[]> {
  const outbox = join(dataDir, "outbox");
  if (!existsSync(outbox)) return [];
  const files = readdirSync(outbox)
    .filter((file) => !file.endsWith(".tmp"))
    .sort();
  return Promise.all(files.map((file) => simpleParser(readFileSync(join(outbox, file)))));
}

/** The file names in the outbox, of every kind (finished messages and anything else). */
export function outboxFiles(dataDir: string): string[] {
  const outbox = join(dataDir, "outbox");
  return existsSync(outbox) ? readdirSync(outbox).sort() : [];
}

const recipient = (mail: ParsedMail) =>
  [mail.to ?? []]
    .flat()
    .flatMap((to) => to.value.map((a) => a.address))
    .join(",");

/** The messages addressed to `email`, in the order given. */
export const mailsTo = (mails: readonly ParsedMail[], email: string) =>
  mails.filter((mail) => recipient(mail) === email);

/** The token of the confirmation link in a message, or undefined when it holds none. */
export function confirmationToken(mail: ParsedMail): string | undefined {
  return /\/confirm-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? "")?.[1];
}

/** The newest confirmation link's token among `mails` for `email`. */
export function latestToken(mails: readonly ParsedMail[], email: string): string {
  const tokens = mailsTo(mails, email)
    .map(confirmationToken)
    .filter((token): token is string => token !== undefined);
  const token = tokens.at(-1);
  if (!token) throw new Error(`no confirmation link was sent to ${email}`);
  return token;
}

/** Opens the link of the confirmation message the app sent `user` (to its outbox, or `mails`). */
export async function confirmEmail(t: TestApp, user: TestUser, mails?: readonly ParsedMail[]) {
  const token = latestToken(mails ?? (await outboxMessages(t.dataDir)), user.email);
  const response = await t.app.inject({
    method: "POST",
    url: "/api/auth/email-confirmation/confirm",
    payload: { token },
  });
  expect(response.statusCode).toBe(200);
  return response;
}
