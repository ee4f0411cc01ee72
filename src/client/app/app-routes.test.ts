import { describe, expect, it } from "vitest";
import { SCREENS } from "./app-routes";
import { NAV_ITEMS } from "./nav-items";

describe("the signed-in routes", () => {
  it("give every screen of the sidebar, and the inbox, its page", () => {
    const paths = SCREENS.map((screen) => screen.path);
    for (const item of NAV_ITEMS.filter((entry) => !entry.href.includes("#"))) {
      expect(paths).toContain(item.href);
    }
    expect(paths).toContain("/notifications");
    expect(new Set(paths).size).toBe(paths.length);
  });
});
