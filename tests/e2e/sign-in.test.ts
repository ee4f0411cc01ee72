import { describe, it } from "vitest";
import { PASSWORD, uniqueEmail, useBrowser } from "./browser";

describe("signing in with a local account", () => {
  const browser = useBrowser();

  it("shows a wrong password on the form and opens the dashboard with the right one", async () => {
    const page = await browser.newPage("phone");
    const email = uniqueEmail("signin");
    await page.request.post("/api/auth/register", {
      data: { email, password: PASSWORD, firstName: "Ada", lastName: "King" },
    });
    await page.request.get("/api/logout");

    await page.goto("/");
    await page.getByRole("link", { name: "Sign In" }).first().click();
    const form = page.getByRole("form", { name: "Sign in" });
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Password").fill("not the right password");
    await form.getByRole("button", { name: "Sign In" }).click();
    await form.getByText("Invalid email or password").waitFor();

    await form.getByLabel("Password").fill(PASSWORD);
    await form.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("heading", { name: "TPN Tracker Dashboard", level: 1 }).waitFor();
    await page
      .getByRole("img", { name: /Signed in as/ })
      .getByText("AK")
      .waitFor();
  });
});
