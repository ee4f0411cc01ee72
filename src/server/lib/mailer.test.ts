import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HttpError } from "./errors";
import { createMailer, OUTBOX_RETENTION_MS, sweepOutbox } from "./mailer";

const DAY = 24 * 60 * 60 * 1000;
const dirs: string[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), "mct-mailer-"));
  dirs.push(dir);
  return dir;
}

/** A file in `dir` last written at `when`. */
function fileAt(dir: string, name: string, when: Date) {
  const file = join(dir, name);
  writeFileSync(file, "From: x\n\nhello\n");
  utimesSync(file, when, when);
}

describe("the outbox sweep", () => {
  it("removes messages older than three days and keeps the newer ones", () => {
    const outbox = tempDir();
    const now = new Date("2026-11-25T12:00:00Z");
    fileAt(outbox, "old.eml", new Date(now.getTime() - 3 * DAY - 1000));
    fileAt(outbox, "half-written.eml.tmp", new Date(now.getTime() - 4 * DAY));
    fileAt(outbox, "recent.eml", new Date(now.getTime() - 3 * DAY + 60_000));
    fileAt(outbox, "today.eml", now);
    expect(OUTBOX_RETENTION_MS).toBe(3 * DAY);
    expect(sweepOutbox(outbox, now)).toBe(2);
    expect(readdirSync(outbox).sort()).toEqual(["recent.eml", "today.eml"]);
  });

  it("is content with an outbox that does not exist yet", () => {
    expect(sweepOutbox(join(tempDir(), "outbox"), new Date())).toBe(0);
  });
});

const NOT_SENT = "The mail server did not accept the message; nothing was sent. Please try again later.";

describe("a mail server that does not answer", () => {
  it("is given up after the timeout, as a 503 that says nothing was sent", async () => {
    const sockets: Socket[] = [];
    // Takes the connection and never says a word (no SMTP greeting).
    const silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const mailer = createMailer(
        { mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: "care@example.org" }, dataDir: tempDir() },
        { timeoutMs: 300 },
      );
      const sending = mailer.send({ to: "parent@example.org", subject: "Hello", text: "Hello" });
      await expect(sending).rejects.toBeInstanceOf(HttpError);
      await expect(sending).rejects.toMatchObject({ statusCode: 503, message: NOT_SENT });
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});

describe("the outbox", () => {
  it("keeps no file of a message whose attachment failed half-way", async () => {
    const dataDir = tempDir();
    const mailer = createMailer({ mail: undefined, dataDir });
    mkdirSync(join(dataDir, "outbox"));
    const broken = new Readable({
      read() {
        this.push(Buffer.alloc(64 * 1024, 1));
        this.destroy(new Error("the export failed half-way"));
      },
    });
    await expect(
      mailer.send({
        to: "parent@example.org",
        subject: "Export",
        text: "Attached",
        attachment: { filename: "x.zip", contentType: "application/zip", content: broken },
      }),
    ).rejects.toThrow();
    expect(readdirSync(join(dataDir, "outbox"))).toEqual([]);
  });
});
