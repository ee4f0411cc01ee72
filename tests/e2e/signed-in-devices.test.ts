import { describe, expect, it } from "vitest";
import {
  baseUrl,
  clientAddressHeader,
  openInApp,
  PASSWORD,
  signUpViaApi,
  sizes,
  useBrowser,
} from "./browser";
import { expectToast } from "./record-screen-helpers";

const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

describe("signed-in devices in Settings", () => {
  const browser = useBrowser();

  it("lists this phone and another, signs the other out, and that one lands on the sign-in page (phone)", async () => {
    const page = await browser.newPage("phone");
    const { email } = await signUpViaApi(page);

    // The same person on a second phone, a browser of its own (its own cookies and address).
    const otherAddress = clientAddressHeader();
    const other = await page.context().browser()!.newContext({
      viewport: sizes.phone,
      baseURL: baseUrl(),
      reducedMotion: "reduce",
      userAgent: IPHONE_SAFARI,
      extraHTTPHeaders: otherAddress,
    });
    try {
      const otherPage = await other.newPage();
      const signedIn = await otherPage.request.post("/api/auth/login", {
        data: { email, password: PASSWORD },
      });
      expect(signedIn.status()).toBe(200);
      await otherPage.goto("/settings");
      await otherPage.getByRole("heading", { name: "Account Settings", level: 1 }).waitFor();

      await page.goto("/settings");
      const list = page.getByRole("list", { name: "Your signed-in devices" });
      await list.waitFor();
      const items = list.getByRole("listitem");
      await expect.poll(() => items.count()).toBe(2);
      // This phone first, marked; the other named from its browser, with its address.
      // (This browser's own user agent names it: "Chrome on Linux" here.)
      const mine = list.getByRole("listitem", { name: /^Chrome on .+, this device$/ });
      await mine.getByText("This device", { exact: true }).waitFor();
      expect(await mine.getByRole("button", { name: /^Sign out/ }).count()).toBe(0);
      const theirs = list.getByRole("listitem", { name: "Safari on iPhone", exact: true });
      expect(await theirs.getByText("This device", { exact: true }).count()).toBe(0);
      await theirs.getByText(`From ${otherAddress["X-Forwarded-For"]}`, { exact: true }).waitFor();
      expect(await theirs.getByText(/^Signed in .+$/).count()).toBe(1);
      expect(await theirs.getByText(/^Last used .+$/).count()).toBe(1);
      // The API tokens card is linked, right below.
      await page.getByRole("link", { name: "API tokens", exact: true }).waitFor();

      // Seen from the other phone, that phone is this device.
      await otherPage
        .getByRole("listitem", { name: "Safari on iPhone, this device" })
        .getByText("This device", { exact: true })
        .waitFor();

      await theirs.getByRole("button", { name: "Sign out Safari on iPhone", exact: true }).click();
      await expectToast(page, "Signed out");
      await expect.poll(() => items.count()).toBe(1);
      expect(await page.getByRole("button", { name: "Sign out everywhere else" }).count()).toBe(0);

      // The other phone's next request (a move to another screen) finds no session: the sign-in page.
      await openInApp(otherPage, "/notes");
      await otherPage.getByRole("heading", { name: "Medical Care Tracker", level: 1 }).waitFor();
      await otherPage.getByRole("link", { name: "Sign In" }).waitFor();
      // This phone is still signed in.
      expect((await page.request.get("/api/auth/user")).status()).toBe(200);
    } finally {
      await other.close();
    }
  });

  it("signs out everywhere else after asking (phone)", async () => {
    const page = await browser.newPage("phone");
    const { email } = await signUpViaApi(page);
    const other = await page
      .context()
      .browser()!
      .newContext({ baseURL: baseUrl(), userAgent: IPHONE_SAFARI });
    try {
      const signedIn = await other.request.post("/api/auth/login", {
        data: { email, password: PASSWORD },
        headers: clientAddressHeader(),
      });
      expect(signedIn.status()).toBe(200);
      await page.goto("/settings");
      const list = page.getByRole("list", { name: "Your signed-in devices" });
      await list.waitFor();
      const items = list.getByRole("listitem");
      await expect.poll(() => items.count()).toBe(2);
      page.once("dialog", (dialog) => void dialog.accept());
      await page.getByRole("button", { name: "Sign out everywhere else", exact: true }).click();
      await expectToast(page, "Signed out everywhere else");
      await expect.poll(() => items.count()).toBe(1);
      expect((await other.request.get("/api/auth/user")).status()).toBe(401);
    } finally {
      await other.close();
    }
  });
});
