import { describe, expect, it } from "vitest";
import { isSupplyCheckDay, lowStockSummary, weekKey } from "./supply-checklist";

describe("supply checklist", () => {
  it("lists the first three low-stock names, then '+N more'", () => {
    expect(lowStockSummary([])).toBeNull();
    expect(lowStockSummary(["Bags"])).toBe("Bags");
    expect(lowStockSummary(["Bags", "Caps", "Filters"])).toBe("Bags, Caps, Filters");
    expect(lowStockSummary(["Bags", "Caps", "Filters", "Gauze", "Tape"])).toBe("Bags, Caps, Filters +2 more");
  });

  it("shows the reminder banner on Mondays only, and keeps ticks for one week", () => {
    expect(isSupplyCheckDay(new Date(2026, 10, 23))).toBe(true);
    expect(isSupplyCheckDay(new Date(2026, 10, 24))).toBe(false);
    expect(weekKey(new Date(2026, 10, 23))).toBe(weekKey(new Date(2026, 10, 29)));
    expect(weekKey(new Date(2026, 10, 23))).not.toBe(weekKey(new Date(2026, 10, 30)));
  });
});
