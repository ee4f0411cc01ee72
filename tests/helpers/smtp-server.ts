import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A real SMTP server (smtp-server) on 127.0.0.1 that keeps every message it receives, parsed. */
export async function startSmtpServer() {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // No reverse DNS of 127.0.0.1 for each connection: it can take seconds where DNS is slow.
    disableReverseLookup: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, done) {
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
