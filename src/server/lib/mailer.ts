import { randomBytes } from "node:crypto";
import { createWriteStream, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import nodemailer from "nodemailer";
import type { Config } from "../config";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  attachment: { filename: string; contentType: string; content: Readable };
}

/** Where a message went: out through SMTP, or into the outbox folder as a file. */
export type Delivery = { sentTo: string } | { savedTo: string };

export interface Mailer {
  send(mail: Mail): Promise<Delivery>;
}

/**
 * Mail for exports. With SMTP_URL and MAIL_FROM the message goes out through that server; without
 * them it is written to DATA_DIR/outbox as an .eml file (readable by the server's user only), so a
 * self-hosted server without mail still delivers the export somewhere the family can reach.
 */
export function createMailer(config: Pick<Config, "mail" | "dataDir">): Mailer {
  if (config.mail) {
    const transport = nodemailer.createTransport(config.mail.smtpUrl);
    const from = config.mail.from;
    return {
      async send(mail) {
        await transport.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          attachments: [mail.attachment],
        });
        return { sentTo: mail.to };
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, newline: "unix" });
  const outbox = join(config.dataDir, "outbox");
  return {
    async send(mail) {
      mkdirSync(outbox, { recursive: true, mode: 0o700 });
      const file = join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(3).toString("hex")}.eml`,
      );
      const info = await transport.sendMail({
        from: "Medical Care Tracker <no-reply@localhost>",
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        attachments: [mail.attachment],
      });
      await pipeline(info.message as Readable, createWriteStream(file, { mode: 0o600 }));
      return { savedTo: file };
    },
  };
}
