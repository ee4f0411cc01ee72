import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmEmail, mailsTo, outboxFiles, outboxMessages } from "../../../../tests/helpers/mail";
import { addChild } from "../../../../tests/helpers/owned-crud-contract";
import { startSmtpServer } from "../../../../tests/helpers/smtp-server";
import { buildTestApp, signUp, type TestApp } from "../../../../tests/helpers/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const NOT_CONFIRMED =
  "Confirm your email address first: exports are only sent to an address you have confirmed. You can ask for a new confirmation link in Settings.";
const NOT_SENT = "The mail server did not accept the message; nothing was sent. Please try again later.";
const ATTACKER_NAME = "URGENT: your account is locked, sign in at http://evil.example/login";

/** A mail server of its own for one test, and an app that sends through it. */
async function mailingApp() {
  const smtp = await startSmtpServer();
  const app = await buildTestApp(smtp.env);
  return {
    smtp,
    app,
    /** Everything but the confirmation links: what the exports sent. */
    exports: () => smtp.received.filter((mail) => mail.attachments.length > 0),
    async close() {
      await app.close();
      await smtp.close();
    },
  };
}

describe("export by email", () => {
  it("sends the file through SMTP to a confirmed address, with no record text in the subject", async () => {
    const m = await mailingApp();
    try {
      const user = await signUp(m.app.app);
      await confirmEmail(m.app, user, m.smtp.received);
      const childId = await addChild(user, ATTACKER_NAME);
      await user.post("/api/care-team", { name: "Dr. Patel", role: "GI" });
      const response = await user.post("/api/account/export-email", { format: "excel" });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: `Your Excel export has been sent to ${user.email}.` });
      expect(m.exports()).toHaveLength(1);
      const mail = m.exports()[0]!;
      expect(mail.to).toMatchObject({ text: user.email });
      expect(mail.subject).toBe("Your Medical Care Tracker export (Excel)");
      expect(mail.attachments.map((a) => a.filename)).toEqual([
        expect.stringMatching(/^tpn-tracker-export-.*\.xlsx$/),
      ]);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(mail.attachments[0]!.content as unknown as ExcelJS.Buffer);
      expect(workbook.getWorksheet("Care Team")!.getRow(2).values).toContain("Dr. Patel");

      // One child's export: the child's name is quoted on a line of its own, never in the subject
      // nor where the message starts.
      await user.post("/api/account/export-email", { format: "pdf", childId });
      const forChild = m.exports()[1]!;
      expect(forChild.subject).toBe("Your Medical Care Tracker export (PDF)");
      expect(forChild.text).toMatch(/^Hello,\n\nHere is the export you asked for in Medical Care Tracker/);
      expect(forChild.text).toContain(`\nChild: "${ATTACKER_NAME}"\n`);
      expect(forChild.text!.indexOf(ATTACKER_NAME)).toBeGreaterThan(forChild.text!.indexOf("Child: "));
    } finally {
      await m.close();
    }
  });

  it("refuses an address that is not confirmed (403) and sends nothing", async () => {
    const m = await mailingApp();
    try {
      const user = await signUp(m.app.app);
      const childId = await addChild(user, ATTACKER_NAME);
      for (const format of ["csv", "excel", "pdf", "word"]) {
        const response = await user.post("/api/account/export-email", { format, childId });
        expect({ format, status: response.statusCode, body: response.json() }).toEqual({
          format,
          status: 403,
          body: { message: NOT_CONFIRMED },
        });
      }
      // Only the confirmation link went out.
      expect(m.smtp.received).toHaveLength(1);
      expect(m.exports()).toEqual([]);
    } finally {
      await m.close();
    }
  });

  it("refuses an unconfirmed address without mail settings too, and writes nothing to the outbox", async () => {
    const user = await signUp(t.app);
    const before = outboxFiles(t.dataDir);
    const response = await user.post("/api/account/export-email", { format: "csv" });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: NOT_CONFIRMED });
    expect(outboxFiles(t.dataDir)).toEqual(before);
  });

  it("saves the message in the outbox without mail settings, and never names a server path", async () => {
    const user = await signUp(t.app);
    await confirmEmail(t, user);
    const response = await user.post("/api/account/export-email", { format: "csv" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message:
        "This server has no mail settings, so your CSV export was saved in the server's mail outbox instead of being sent. The person who runs this server can pass it on to you.",
    });
    expect(response.body).not.toContain(t.dataDir);
    expect(response.body).not.toContain("outbox/");
    const [mail] = mailsTo(await outboxMessages(t.dataDir), user.email).filter((m) => m.attachments.length);
    expect(mail!.to).toMatchObject({ text: user.email });
    expect(mail!.attachments[0]!.filename).toMatch(/\.zip$/);
  });

  it("sends at most 10 exports an hour per account, then answers 429 with Retry-After", async () => {
    const user = await signUp(t.app);
    await confirmEmail(t, user);
    const other = await signUp(t.app);
    await confirmEmail(t, other);
    for (let i = 0; i < 10; i++) {
      const response = await user.post("/api/account/export-email", { format: "csv" });
      expect({ i, status: response.statusCode }).toEqual({ i, status: 200 });
    }
    const refused = await user.post("/api/account/export-email", { format: "csv" });
    expect(refused.statusCode).toBe(429);
    const wait = Number(refused.headers["retry-after"]);
    expect(wait).toBeGreaterThan(3500);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(refused.json()).toEqual({
      message:
        "You have emailed 10 exports in the last hour. Please wait 60 minutes and try again, or download the export instead.",
    });
    const sent = mailsTo(await outboxMessages(t.dataDir), user.email).filter((m) => m.attachments.length);
    expect(sent).toHaveLength(10);
    // The limit is the account's own: another family is not held back.
    expect((await other.post("/api/account/export-email", { format: "csv" })).statusCode).toBe(200);
  });

  it("refuses formats it does not send", async () => {
    const user = await signUp(t.app);
    for (const format of ["json", "fhir", "txt", ""]) {
      const response = await user.post("/api/account/export-email", { format });
      expect({ format, status: response.statusCode }).toEqual({ format, status: 400 });
    }
  });
});

describe("export by email when the mail server fails", () => {
  it("answers 503 when the mail server refuses, and a refused send does not count against the limit", async () => {
    const m = await mailingApp();
    try {
      const user = await signUp(m.app.app);
      await confirmEmail(m.app, user, m.smtp.received);
      m.smtp.refuse(true);
      for (let i = 0; i < 10; i++) {
        const response = await user.post("/api/account/export-email", { format: "csv" });
        expect({ i, status: response.statusCode, body: response.json() }).toEqual({
          i,
          status: 503,
          body: { message: NOT_SENT },
        });
      }
      m.smtp.refuse(false);
      for (let i = 0; i < 10; i++) {
        const response = await user.post("/api/account/export-email", { format: "csv" });
        expect({ i, status: response.statusCode }).toEqual({ i, status: 200 });
      }
      expect((await user.post("/api/account/export-email", { format: "csv" })).statusCode).toBe(429);
      expect(m.exports()).toHaveLength(10);
      // Nothing was written to the outbox instead.
      expect(outboxFiles(m.app.dataDir)).toEqual([]);
    } finally {
      await m.close();
    }
  });

  it("answers 503 when the mail server has stopped and nothing listens on its port", async () => {
    const m = await mailingApp();
    try {
      const user = await signUp(m.app.app);
      await confirmEmail(m.app, user, m.smtp.received);
      await m.smtp.close();
      const response = await user.post("/api/account/export-email", { format: "word" });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: NOT_SENT });
      expect(outboxFiles(m.app.dataDir)).toEqual([]);
    } finally {
      await m.close();
    }
  });
});
