import { describe, expect, it } from "vitest";
import { needsReorder, runOutForecast, stockStatus, supplyInput, supplyUsageInput } from "./supplies";

describe("stockStatus", () => {
  it("reads 0, the threshold and 1.5 times the threshold as the spec's boundaries", () => {
    expect(stockStatus(0, 10)).toBe("Out of Stock");
    expect(stockStatus(1, 10)).toBe("Low Stock");
    expect(stockStatus(10, 10)).toBe("Low Stock");
    expect(stockStatus(11, 10)).toBe("Warning");
    expect(stockStatus(15, 10)).toBe("Warning");
    expect(stockStatus(16, 10)).toBe("In Stock");
    // 1.5 x 5 = 7.5: 7 is a warning, 8 is not.
    expect(stockStatus(7, 5)).toBe("Warning");
    expect(stockStatus(8, 5)).toBe("In Stock");
    expect(stockStatus(0, 0)).toBe("Out of Stock");
    expect(stockStatus(1, 0)).toBe("In Stock");
  });

  it("needs reordering at or under the threshold", () => {
    expect(needsReorder({ currentStock: 5, minThreshold: 5 })).toBe(true);
    expect(needsReorder({ currentStock: 6, minThreshold: 5 })).toBe(false);
    expect(needsReorder({ currentStock: 0, minThreshold: 0 })).toBe(true);
  });
});

describe("runOutForecast", () => {
  const today = "2026-11-23";
  const daily = (days: number, quantity: number) =>
    Array.from({ length: days }, (_, i) => ({
      quantityUsed: quantity,
      usageDate: new Date(Date.UTC(2026, 10, 23 - i)).toISOString().slice(0, 10),
    }));

  it("says nothing without usage, or with a single day of it", () => {
    expect(runOutForecast(20, [], today)).toBeNull();
    expect(runOutForecast(20, [{ quantityUsed: 3, usageDate: "2026-11-22" }], today)).toBeNull();
    // Usage older than the 30-day window does not count.
    expect(
      runOutForecast(
        20,
        daily(5, 1).map((u) => ({ ...u, usageDate: "2026-09-01" })),
        today,
      ),
    ).toBeNull();
  });

  it("divides the stock by the steady daily usage", () => {
    expect(runOutForecast(60, daily(30, 2), today)).toBe(30);
    expect(runOutForecast(10, daily(30, 1), today)).toBe(10);
    // Used for a week only: averaged over that week, not the whole month.
    expect(runOutForecast(14, daily(7, 2), today)).toBe(7);
  });

  it("spreads a burst over the days since the first usage in the window", () => {
    const burst = [
      { quantityUsed: 1, usageDate: "2026-11-04" },
      { quantityUsed: 19, usageDate: "2026-11-22" },
    ];
    // 20 used over the 20 days since Nov 4: 1 a day.
    expect(runOutForecast(15, burst, today)).toBe(15);
  });

  it("says at least a day while anything is left, and nothing once it is out", () => {
    expect(runOutForecast(1, daily(30, 10), today)).toBe(1);
    expect(runOutForecast(0, daily(30, 10), today)).toBeNull();
  });
});

describe("supply form rules", () => {
  it("applies the spec's defaults, falls back to 0 for empty counts and sends empty optionals as null", () => {
    expect(supplyInput.parse({ name: "Filter", category: "filters", unit: "each" })).toMatchObject({
      currentStock: 0,
      minThreshold: 5,
      supplier: null,
      costPerUnit: null,
      expirationDate: null,
    });
    expect(
      supplyInput.parse({
        name: "Filter",
        category: "filters",
        unit: "each",
        currentStock: "",
        minThreshold: "",
      }),
    ).toMatchObject({ currentStock: 0, minThreshold: 0 });
    expect(supplyInput.safeParse({ name: "F", category: "food", unit: "x" }).success).toBe(false);
    expect(
      supplyInput.safeParse({ name: "F", category: "filters", unit: "x", currentStock: -1 }).success,
    ).toBe(false);
    expect(
      supplyInput.safeParse({ name: "F", category: "filters", unit: "x", costPerUnit: "1.234" }).success,
    ).toBe(false);
  });

  it("needs a usage of at least one whole item", () => {
    const base = { supplyId: "7a0c2c56-8a51-4a0e-9d1b-2f7d6f1f6a11", usageDate: "2026-11-20" };
    expect(supplyUsageInput.parse({ ...base, quantityUsed: "2" }).quantityUsed).toBe(2);
    for (const quantityUsed of [0, -1, 1.5, "1e2", ""]) {
      expect(supplyUsageInput.safeParse({ ...base, quantityUsed }).success).toBe(false);
    }
  });
});
