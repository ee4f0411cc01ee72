import { readFileSync } from "node:fs";
import { format } from "date-fns";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { confirmEmailViaApi, signUpViaApi, useBrowser } from "./browser";

const today = () => format(new Date(), "yyyy-MM-dd");

/** The first bytes of each format's file: a zip (CSV, Excel, Word), a PDF, or JSON. */
const MAGIC: Record<string, { extension: string; starts: string; stem?: string }> = {
  Backup: { extension: "zip", starts: "PK", stem: "tpn-tracker-backup" },
  JSON: { extension: "json", starts: "{" },
  CSV: { extension: "zip", starts: "PK" },
  Excel: { extension: "xlsx", starts: "PK" },
  PDF: { extension: "pdf", starts: "%PDF" },
  Word: { extension: "docx", starts: "PK" },
  FHIR: { extension: "fhir.json", starts: "{" },
};

async function downloadFrom(page: Page, label: string) {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: `Export ${label}`, exact: true }).click();
  return download;
}

describe("exports from Account Settings", () => {
  const browser = useBrowser();

  it("downloads every format as a file of its type, and JSON holds every record", async () => {
    const page = await browser.newPage("desktop");
    const { email } = await signUpViaApi(page);
    await page.request.post("/api/children", { data: { name: "Sam" } });
    await page.request.post("/api/care-team", { data: { name: "Dr. Patel", role: "Gastroenterologist" } });
    await page.goto("/settings");
    await page.getByRole("heading", { name: "Account Settings", level: 1 }).waitFor();

    const json = await downloadFrom(page, "JSON");
    expect(json.suggestedFilename()).toBe(`tpn-tracker-export-${today()}.json`);
    const content = JSON.parse(readFileSync((await json.path())!, "utf8"));
    expect(content.account.email).toBe(email);
    expect(content.careTeamMembers).toEqual([
      expect.objectContaining({ name: "Dr. Patel", role: "Gastroenterologist" }),
    ]);
    await page.getByText("Data Exported", { exact: true }).first().waitFor();

    for (const [label, { extension, starts, stem = "tpn-tracker-export" }] of Object.entries(MAGIC)) {
      const file = await downloadFrom(page, label);
      expect(file.suggestedFilename()).toBe(`${stem}-${today()}.${extension}`);
      expect(
        readFileSync((await file.path())!)
          .subarray(0, starts.length)
          .toString("latin1"),
      ).toBe(starts);
    }
  });

  it("sends an export by email once the address is confirmed, and says where it went", async () => {
    const page = await browser.newPage("desktop");
    const { email } = await signUpViaApi(page);
    await page.goto("/settings");
    await page.getByRole("button", { name: "Email PDF" }).click();
    await page.getByText("Export Email Failed", { exact: true }).first().waitFor();
    await page
      .getByText(/^Confirm your email address first/)
      .first()
      .waitFor();

    await confirmEmailViaApi(page, email);
    await page.getByRole("button", { name: "Email PDF" }).click();
    await page.getByText("Export Email Sent", { exact: true }).first().waitFor();
    // The test server has no mail settings: the message went to its outbox, whose path is not shown.
    await page
      .getByText(/saved in the server's mail outbox/)
      .first()
      .waitFor();
  });

  it("restores a backup into another account after a confirmation, showing how far it is", async () => {
    const source = await browser.newPage("desktop");
    await signUpViaApi(source);
    await source.request.post("/api/notes", {
      data: { title: "Pump alarm", content: "Occlusion at 3 a.m." },
    });
    const file = await (await source.request.get("/api/account/export?format=backup")).body();

    const page = await browser.newPage("phone");
    await signUpViaApi(page);
    await page.goto("/settings");
    await page
      .getByLabel("Backup or export file (.zip or .json)")
      .setInputFiles({ name: "backup.zip", mimeType: "application/zip", buffer: file });
    await page.getByRole("button", { name: "Restore", exact: true }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Restore" }).click();
    await page.getByText("Export Restored", { exact: true }).first().waitFor();
    await page.getByText("Imported 1 record.").first().waitFor();
    // The chooser is empty again: the file it showed has been restored.
    expect(await page.getByLabel("Backup or export file (.zip or .json)").inputValue()).toBe("");
    await page.goto("/notes");
    await page.getByRole("heading", { name: "Pump alarm" }).waitFor();
  });

  it("asks before restoring into a family that holds records, Cancel first, and then adds only what it does not hold", async () => {
    const page = await browser.newPage("phone");
    await signUpViaApi(page);
    for (const title of ["Pump alarm", "Dressing lifted"]) {
      await page.request.post("/api/notes", { data: { title, content: "Noted at night" } });
    }
    const file = await (await page.request.get("/api/account/export?format=backup")).body();
    const [dressing] = (await (await page.request.get("/api/notes")).json()).filter(
      (note: { title: string }) => note.title === "Dressing lifted",
    );
    await page.request.delete(`/api/notes/${dressing.id}`);

    await page.goto("/settings");
    const choose = () =>
      page
        .getByLabel("Backup or export file (.zip or .json)")
        .setInputFiles({ name: "backup.zip", mimeType: "application/zip", buffer: file });
    await choose();
    await page.getByRole("button", { name: "Restore", exact: true }).click();
    const question = page.getByRole("alertdialog");
    await question.getByRole("heading", { name: "This family already holds records" }).waitFor();
    await question
      .getByText(/records it holds already, as the backup was made here, are left as they are/)
      .waitFor();
    // The safe answer has the focus: Enter keeps the family as it is.
    const cancel = question.getByRole("button", { name: "Cancel" });
    expect(await cancel.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await question.waitFor({ state: "hidden" });
    expect(await (await page.request.get("/api/notes")).json()).toHaveLength(1);

    await page.getByRole("button", { name: "Restore", exact: true }).click();
    await question.getByRole("button", { name: "Add what this family does not hold" }).click();
    await page.getByText("Imported 1 record; 1 was here already.").first().waitFor();
    const titles = (await (await page.request.get("/api/notes")).json()).map(
      (n: { title: string }) => n.title,
    );
    expect(titles.sort()).toEqual(["Dressing lifted", "Pump alarm"]);
  });

  it("refuses a file with a record it cannot read, naming the record, and adds nothing", async () => {
    const page = await browser.newPage("desktop");
    await signUpViaApi(page);
    await page.request.post("/api/notes", { data: { title: "Pump alarm", content: "Occlusion" } });
    const file = await (await page.request.get("/api/account/export")).json();
    file.notes[0].createdAt = "-271821-04-20T00:00:00.000Z";
    await page.goto("/settings");
    await page.getByLabel("Backup or export file (.zip or .json)").setInputFiles({
      name: "export.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify(file)),
    });
    await page.getByRole("button", { name: "Restore", exact: true }).click();
    // The family holds a note: it is asked first.
    await page
      .getByRole("alertdialog")
      .getByRole("button", { name: "Add what this family does not hold" })
      .click();
    await page.getByText("Restore Failed", { exact: true }).first().waitFor();
    await page
      .getByText(/Notes, record 1: createdAt/)
      .first()
      .waitFor();
    const notes = await (await page.request.get("/api/notes")).json();
    expect(notes).toHaveLength(1);
  });
});

describe("the care summary", () => {
  const browser = useBrowser();

  it("is reachable from the dashboard and prints one page per child, fever plan, line and PN prescription included", async () => {
    const page = await browser.newPage("desktop");
    await signUpViaApi(page);
    const child = await (
      await page.request.post("/api/children", { data: { name: "Sam Rivera", dateOfBirth: "2019-04-02" } })
    ).json();
    await page.request.post("/api/allergies", {
      data: { childId: child.id, allergen: "Latex", reaction: "Anaphylaxis", severity: "life-threatening" },
    });
    const ursodiol = await (
      await page.request.post("/api/medications", {
        data: {
          childId: child.id,
          name: "Ursodiol",
          dosage: "60 mg",
          frequency: "Twice daily",
          route: "By mouth",
          scheduleKind: "times",
          scheduleTimes: "08:00, 20:00",
        },
      })
    ).json();
    await page.request.post("/api/medication-doses", {
      data: { medicationId: ursodiol.id, givenAt: "2026-11-20T08:05:00.000Z", amount: "60 mg" },
    });
    // The PN prescription in force, with its additives.
    await page.request.post("/api/pn-prescriptions", {
      data: {
        childId: child.id,
        startDate: "2026-11-15",
        prescriber: "Dr. Patel",
        bagVolumeMl: 1000,
        infusionHours: 12,
        taperUpMinutes: 60,
        taperDownMinutes: 60,
        dextrosePercent: 15,
        aminoAcidsG: 25,
        lipidG: 20,
        additives: "Multivitamin 5 mL, trace elements 1 mL",
      },
    });
    // A line in place (so the fever plan too), its last dressing change and a weight.
    const line = await (
      await page.request.post("/api/picc-lines", {
        data: {
          childId: child.id,
          insertionDate: "2026-07-05",
          insertionSite: "left-arm",
          lineType: "double-lumen",
        },
      })
    ).json();
    await page.request.post("/api/line-care", {
      data: {
        childId: child.id,
        piccLineId: line.id,
        kind: "dressing",
        date: "2026-11-20",
        dressingType: "transparent",
      },
    });
    for (const [kind, value] of [
      ["weight", 21.4],
      ["height", 112.5],
    ] as const) {
      await page.request.post("/api/vitals", {
        data: { childId: child.id, date: "2026-11-20", kind, value },
      });
    }
    // A fever two nights ago and the number the clinic calls the family on: both on the page too.
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    await page.request.post("/api/vitals", {
      data: { childId: child.id, date: twoDaysAgo, time: "21:40", kind: "temperature", value: 38.3 },
    });
    await page.request.put("/api/family/contact", {
      data: { name: "Maria Lopez (mother)", phone: "555-0142" },
    });
    for (const name of ["Dr. Patel", "Nurse Kim", "Dr. Chen", "Pharmacist Lee"]) {
      await page.request.post("/api/care-team", { data: { name, role: "Care team", phone: "555-0100" } });
    }
    await page.goto("/");
    await page.getByRole("link", { name: "Care Summary for the ER" }).click();
    await page.getByRole("heading", { name: "Sam Rivera" }).waitFor();
    await page.getByText("Anaphylaxis").waitFor();
    await page.getByText("Ursodiol").waitFor();
    await page.getByRole("heading", { name: "Fever with a central line: act now" }).waitFor();
    await page.getByText(/^Weight 21\.4 kg \(.*\) · Length \/ height 112\.5 cm/).waitFor();
    await page.getByText(/^Last temperature 38\.3 °C \(.+ 21:40\) · fever$/).waitFor();
    await page.getByText("Family contact Maria Lopez (mother) · 555-0142", { exact: true }).waitFor();
    await page.getByText(/^Last dressing change: /).waitFor();
    await page
      .getByText(/^Schedule: 08:00, 20:00 · Last dose: Given Nov 20, 2026 \d\d:05 \(.+\) by /)
      .waitFor();
    await page.getByRole("heading", { name: "PN prescription" }).waitFor();
    await page
      .getByText(
        "1,000 mL over 12 h at 90.9 mL/h (computed), taper up 60 min at 50 %, taper down 60 min at 50 %",
      )
      .waitFor();
    // GIR at full rate: 150 g dextrose at 90.9 mL/h of 15 % for 21.4 kg = 10.6 mg/kg/min; over 24 h:
    // 150,000 mg / (21.4 kg × 1,440 min) = 4.9. Energy (ASPEN PN Core Curriculum, 3rd ed.): 150 g × 3.4 + 25 g × 4
    // + 20 g × 10 (20 % emulsion, 2 kcal/mL) = 810 kcal / 21.4 kg = 37.9 kcal/kg/day.
    await page
      .getByText("GIR at full rate 10.6 mg/kg/min (24-hour average 4.9), 37.9 kcal/kg/day", { exact: true })
      .waitFor();
    await page
      .getByText(
        "Energy counted at dextrose 3.4 kcal/g, amino acids 4 kcal/g, lipid 10 kcal/g (20 % emulsion, 2 kcal/mL).",
        { exact: true },
      )
      .waitFor();
    await page.getByText(/^Weight 21\.4 kg on 2026-11-20 \(/).waitFor();

    await page.emulateMedia({ media: "print" });
    const pdf = await page.pdf({ format: "A4", printBackground: true });
    const pages = pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? [];
    expect(pages).toHaveLength(1);
  });
});
