import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { formatByteSize } from "../../src/domain/storage";
import { signUpViaApi, useBrowser } from "./browser";

describe("Photo storage in Account Settings", () => {
  const browser = useBrowser();

  it("shows how much of the family's storage photos use, with a bar, and follows uploads", async () => {
    const page = await browser.newPage();
    await signUpViaApi(page);
    await page.goto("/settings");
    await page.getByText("Photos use 0 bytes of 1 GB").waitFor();
    const bar = page.getByRole("progressbar", { name: "Photos use 0 bytes of 1 GB" });
    expect(await bar.getAttribute("aria-valuenow")).toBe("0");

    // A photo through the three upload steps, as the uploader sends it.
    const bytes = await sharp({
      create: {
        width: 1600,
        height: 1200,
        channels: 3,
        background: { r: 0, g: 0, b: 0 },
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    const asked = await page.request.post("/api/objects/upload", { data: { size: bytes.length } });
    expect(asked.status()).toBe(200);
    const { uploadURL } = await asked.json();
    expect(
      (
        await page.request.put(uploadURL, { data: bytes, headers: { "content-type": "image/jpeg" } })
      ).status(),
    ).toBe(200);
    const done = await page.request.put("/api/objects/metadata", { data: { photoUrl: uploadURL } });
    expect(done.status()).toBe(200);
    const { usedBytes } = await (await page.request.get("/api/account/storage")).json();
    expect(usedBytes).toBeGreaterThan(100 * 1024);

    await page.goto("/medical-photos");
    await page.getByRole("link", { name: "Settings", exact: true }).first().click();
    const text = `Photos use ${formatByteSize(usedBytes)} of 1 GB`;
    await page.getByText(text).waitFor();
    await page.getByRole("progressbar", { name: text }).waitFor();
  });
});
