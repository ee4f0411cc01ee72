import { randomBytes } from "node:crypto";
import { createWriteStream, mkdirSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import nodemailer from "nodemailer";
import type { Config } from "../config";
import { HttpError } from "./errors";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  attachment?: { filename: string; contentType: string; content: Readable };
}

/**
 * Where a message went: out through SMTP, or into the outbox folder. The outbox's place on the
 * server's disk is never part of it: answers must not name server paths.
 */
export type Delivery = { sentTo: string } | { savedInOutbox: true };

export interface Mailer {
  /**
   * Sends `mail`, or saves it in the outbox. A mail server that cannot be reached, does not answer
   * in time or refuses the message is an HttpError 503 (`MAIL_NOT_SENT`), and nothing was sent.
   */
  send(mail: Mail): Promise<Delivery>;
}

export const MAIL_NOT_SENT =
  "The mail server did not accept the message; nothing was sent. Please try again later.";

/**
 * How long the mail server may take to accept a connection and greet us. A person is waiting on a
 * button: nodemailer's defaults (2 minutes to connect, 10 of silence mid-message) suit a queue
 * that works in the background, not a request. Our choice, not a standard's.
 */
export const SMTP_CONNECT_TIMEOUT_MS = 15_000;
/** Silence allowed mid-conversation: a server may take a while to scan a large attachment. */
export const SMTP_SOCKET_TIMEOUT_MS = 60_000;

/** How long the outbox keeps a message (our choice: long enough for a weekend, short for a disk). */
export const OUTBOX_RETENTION_MS = 3 * 24 * 60 * 60 * 1000;
/** How often the outbox is swept (at start, then as a recurring job: `housekeeping.ts`). */
export const OUTBOX_SWEEP_EVERY_MS = 60 * 60 * 1000;

/** nodemailer's codes for a mail server that could not be reached, did not answer, or said no. */
const MAIL_SERVER_FAULTS = new Set([
  "ECONNECTION",
  "ETIMEDOUT",
  "ESOCKET",
  "EDNS",
  "ETLS",
  "EREQUIRETLS",
  "EAUTH",
  "ENOAUTH",
  "EENVELOPE",
  "EMESSAGE",
  "EPROTOCOL",
]);

export interface MailerOptions {
  /** One timeout for connecting, the greeting and each answer (tests of a silent server). */
  timeoutMs?: number;
  /** Where a failed delivery is reported, by nodemailer's code and the server's reply code only. */
  log?: { warn(facts: object, message: string): void };
}

export function outboxDir(dataDir: string) {
  return join(dataDir, "outbox");
}

/**
 * Mail for exports and confirmation links. With SMTP_URL and MAIL_FROM the message goes out through
 * that server; without them it is written to DATA_DIR/outbox as an .eml file (readable by the
 * server's user only, removed after `OUTBOX_RETENTION_MS` by `sweepOutbox`), so a self-hosted
 * server without mail still delivers somewhere its operator can reach.
 */
export function createMailer(config: Pick<Config, "mail" | "dataDir">, options: MailerOptions = {}): Mailer {
  const message = (mail: Mail) => ({
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    attachments: mail.attachment ? [mail.attachment] : [],
  });

  if (config.mail) {
    const transport = nodemailer.createTransport({
      url: config.mail.smtpUrl,
      connectionTimeout: options.timeoutMs ?? SMTP_CONNECT_TIMEOUT_MS,
      greetingTimeout: options.timeoutMs ?? SMTP_CONNECT_TIMEOUT_MS,
      socketTimeout: options.timeoutMs ?? SMTP_SOCKET_TIMEOUT_MS,
    });
    const from = config.mail.from;
    return {
      async send(mail) {
        try {
          await transport.sendMail({ from, ...message(mail) });
        } catch (error) {
          const { code, responseCode } = error as { code?: string; responseCode?: number };
          if (typeof responseCode !== "number" && !(code && MAIL_SERVER_FAULTS.has(code))) throw error;
          options.log?.warn({ fault: { code, responseCode } }, "the mail server did not take a message");
          throw new HttpError(503, MAIL_NOT_SENT);
        }
        return { sentTo: mail.to };
      },
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, newline: "unix" });
  const outbox = outboxDir(config.dataDir);
  return {
    async send(mail) {
      mkdirSync(outbox, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`;
      // Written under another name and renamed when whole: the outbox never holds half a message.
      const partial = join(outbox, `${name}.tmp`);
      try {
        const info = await transport.sendMail({
          from: "Medical Care Tracker <no-reply@localhost>",
          ...message(mail),
        });
        await pipeline(info.message as Readable, createWriteStream(partial, { mode: 0o600 }));
        renameSync(partial, join(outbox, name));
      } catch (error) {
        rmSync(partial, { force: true });
        throw error;
      }
      return { savedInOutbox: true };
    },
  };
}

/**
 * Removes what the outbox has kept longer than `OUTBOX_RETENTION_MS` at `now` (finished messages
 * and any left half-written by a crash). Returns how many files went. An outbox that does not
 * exist yet is empty.
 */
export function sweepOutbox(dir: string, now: Date): number {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  const oldest = now.getTime() - OUTBOX_RETENTION_MS;
  let removed = 0;
  for (const name of names) {
    const file = join(dir, name);
    try {
      const stat = statSync(file);
      if (!stat.isFile() || stat.mtimeMs >= oldest) continue;
      rmSync(file, { force: true });
      removed += 1;
    } catch (error) {
      // Removed meanwhile by another process sweeping the same folder.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  return removed;
}
