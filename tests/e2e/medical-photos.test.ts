import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { expectToast } from "./record-screen-helpers";

/** A real JPEG of one colour, as a phone would send it. */
const jpeg = (r: number, g: number, b: number) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer();

/** The three upload steps and the record, through the API of the page's account. */
async function addPhoto(page: Page, fields: Record<string, unknown>) {
  const bytes = await jpeg(90, 140, 200);
  const { uploadURL } = await (
    await page.request.post("/api/objects/upload", { data: { size: bytes.length } })
  ).json();
  const put = await page.request.put(uploadURL, {
    data: bytes,
    headers: { "content-type": "image/jpeg" },
  });
  expect(put.status()).toBe(200);
  const { objectPath } = await (
    await page.request.put("/api/objects/metadata", { data: { photoUrl: uploadURL } })
  ).json();
  const created = await page.request.post("/api/medical-photos", {
    data: { severity: "mild", photoUrl: objectPath, ...fields },
  });
  expect(created.status()).toBe(201);
}

/** The card (a list item) of a photo, by its title. */
const photoCard = (page: Page, title: string) =>
  page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 2, name: title, exact: true }) });

describe("Medical Photos", () => {
  const browser = useBrowser();

  it("uploads a photo through the dialog, filters, shows details, compares two and deletes one", async () => {
    const page = await browser.signedInPage();
    await page.goto("/medical-photos");
    await page.getByText("No medical photos yet").waitFor();
    await page.getByRole("button", { name: "Upload Your First Photo" }).click();
    const dialog = page.getByRole("dialog", { name: "Upload Photo" });
    const save = dialog.getByRole("button", { name: "Save Photo" });
    expect(await save.isDisabled()).toBe(true);

    // Hold the upload a moment, so its progress shows.
    await page.route("**/api/objects/upload/*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await dialog
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name: "exit-site.jpg", mimeType: "image/jpeg", buffer: await jpeg(200, 80, 80) });
    await dialog
      .getByText(/Uploading|%/)
      .first()
      .waitFor();
    await dialog.getByText("Photo uploaded successfully").waitFor();
    await page.unrouteAll({ behavior: "ignoreErrors" });
    expect(await save.isDisabled()).toBe(false);
    await dialog.getByLabel("Title *").fill("Exit site, day 1");
    await dialog.getByLabel("Date Taken *").fill("2026-11-01");
    await save.click();
    await expectToast(page, "Medical photo uploaded successfully.");
    const card = photoCard(page, "Exit site, day 1");
    await card.waitFor();
    await expect
      .poll(() =>
        card
          .getByRole("img", { name: "Exit site, day 1" })
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);

    await addPhoto(page, { title: "Exit site, day 8", category: "wound", dateTaken: "2026-11-08" });
    await addPhoto(page, { title: "Rash on the back", category: "rash", dateTaken: "2026-11-05" });
    await page.reload();
    await photoCard(page, "Rash on the back").waitFor();

    await page.getByRole("combobox", { name: "Category" }).click();
    await page.getByRole("option", { name: "Rash" }).click();
    await expect
      .poll(() =>
        page
          .getByRole("listitem")
          .filter({ has: page.getByRole("heading", { level: 2 }) })
          .count(),
      )
      .toBe(1);
    await page.getByRole("combobox", { name: "Category" }).click();
    await page.getByRole("option", { name: "All Categories" }).click();
    await photoCard(page, "Exit site, day 8").waitFor();

    await photoCard(page, "Exit site, day 1")
      .getByRole("button", { name: "View Details", exact: true })
      .click();
    const details = page.getByRole("dialog", { name: "Exit site, day 1" });
    await details.getByText("Taken November 1, 2026").waitFor();
    await details.getByRole("button", { name: "Close" }).click();

    await photoCard(page, "Exit site, day 8")
      .getByRole("button", { name: "Compare Exit site, day 8" })
      .click();
    const compare = page.getByRole("dialog", { name: "Compare photos" });
    await compare.getByText("7 days apart.").waitFor();
    await compare.getByRole("figure").filter({ hasText: "November 1, 2026" }).waitFor();
    await compare.getByRole("figure").filter({ hasText: "November 8, 2026" }).waitFor();
    expect(await compare.getByRole("img").count()).toBe(2);
    await compare.getByRole("button", { name: "Close" }).click();
    // The rash has no other rash photo of the same child to compare with.
    expect(
      await photoCard(page, "Rash on the back")
        .getByRole("button", { name: "Compare Rash on the back" })
        .isDisabled(),
    ).toBe(true);

    await photoCard(page, "Exit site, day 8")
      .getByRole("button", { name: "Delete Exit site, day 8" })
      .click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => photoCard(page, "Exit site, day 8").count()).toBe(0);
  });

  it("shows 'Image Not Found' for a photo that fails to load", async () => {
    const page = await browser.newPage();
    await page.request.post("/api/auth/register", {
      data: { email: `img-${Date.now()}@example.org`, password: "correct horse battery staple" },
    });
    await addPhoto(page, { title: "Bruise", category: "bruising", dateTaken: "2026-11-02" });
    await page.route("**/objects/uploads/**", (route) => route.fulfill({ status: 404, body: "" }));
    await page.goto("/medical-photos");
    await page.getByRole("img", { name: "Bruise: Image Not Found" }).waitFor();
  });
});
