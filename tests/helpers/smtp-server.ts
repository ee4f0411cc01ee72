import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server (smtp-server) on 127.0.0.1 that keeps every message it receives, parsed.
 * `refuse(true)` makes it take each message whole and then refuse it (554), as a mail server that
 * rejects the sender or the content does; `close()` stops it, so nothing listens on its port.
 */
export async function startSmtpServer() {
  const received: ParsedMail[] = [];
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    // No reverse DNS of 127.0.0.1 for each connection: it can take seconds where DNS is slow.
    disableReverseLookup: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, done) {
      if (refusing) {
        stream.on("end", () =>
          done(Object.assign(new Error("Message refused by the test server"), { responseCode: 554 })),
        );
        stream.resume();
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          done();
        })
        .catch(done);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "Care Tracker <care@example.org>" },
    received,
    refuse(value: boolean) {
      refusing = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port on 127.0.0.1 where nothing listens (it was free a moment ago and is closed again). */
export function portWithNothingListening(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}
