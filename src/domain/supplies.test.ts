import { describe, expect, it } from "vitest";
import { addDays } from "./dates";
import {
  needsReorder,
  reorderPoint,
  runOutForecast,
  stockStatus,
  supplyInput,
  supplyReorder,
  supplyUsageInput,
} from "./supplies";
import { kitDrawNote } from "./supply-kits";

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

describe("reorderPoint", () => {
  // 2 a day over the last week.
  const week = (today: string, each = 2) =>
    Array.from({ length: 7 }, (_, day) => ({ quantityUsed: each, usageDate: addDays(today, -day) }));

  it("orders with the last delivery before the one that would find less than the days to keep", () => {
    // Tuesday Dec 1 2026; deliveries every Thursday (Dec 3, 10, 17).
    const today = "2026-12-01";
    const base = { usages: week(today), today, nextDelivery: "2026-12-03", daysToKeep: 2 };
    // 26 at 2 a day: 20 on Dec 4... 6 left on Dec 10 (3 days), -8 on Dec 17: order for Dec 10.
    expect(reorderPoint({ ...base, currentStock: 26 })).toEqual({
      delivery: "2026-12-10",
      orderBy: "2026-12-09",
      late: false,
    });
    // 16: 0 on Dec 10, below 2 days: order for Thursday's delivery, by Wednesday.
    expect(reorderPoint({ ...base, currentStock: 16 })).toEqual({
      delivery: "2026-12-03",
      orderBy: "2026-12-02",
      late: false,
    });
    // 5: Thursday's delivery itself finds 1 day left, less than 2: order at once.
    expect(reorderPoint({ ...base, currentStock: 5 })).toEqual({
      delivery: "2026-12-03",
      orderBy: "2026-12-02",
      late: true,
    });
    // Keeping no days on hand lets the stock run to the day of delivery.
    expect(reorderPoint({ ...base, currentStock: 18, daysToKeep: 0 })).toMatchObject({
      delivery: "2026-12-10",
    });
    expect(reorderPoint({ ...base, currentStock: 18, daysToKeep: 2 })).toMatchObject({
      delivery: "2026-12-03",
    });
  });

  it("says nothing without a pace, a delivery day, or an order needed within eight weeks", () => {
    const today = "2026-12-01";
    expect(
      reorderPoint({ currentStock: 10, usages: [], today, nextDelivery: "2026-12-03", daysToKeep: 2 }),
    ).toBeNull();
    expect(
      reorderPoint({ currentStock: 10, usages: week(today), today, nextDelivery: null, daysToKeep: 2 }),
    ).toBeNull();
    expect(
      reorderPoint({
        currentStock: 1000,
        usages: week(today),
        today,
        nextDelivery: "2026-12-03",
        daysToKeep: 2,
      }),
    ).toBeNull();
  });

  it("on delivery day, plans from the next week's delivery: today's order is already closed", () => {
    const today = "2026-12-03";
    expect(
      reorderPoint({ currentStock: 10, usages: week(today), today, nextDelivery: today, daysToKeep: 2 }),
    ).toEqual({ delivery: "2026-12-10", orderBy: "2026-12-09", late: true });
  });

  it("reads today and the delivery weekday on the family's clock", () => {
    // 03:00 UTC on Wednesday Dec 2 is 21:00 on Tuesday Dec 1 in Chicago; deliveries on Wednesdays.
    const now = new Date("2026-12-02T03:00:00Z");
    const settings = { deliveryWeekday: 3, nextDeliveryDate: null, stockDaysToKeep: 2 };
    const usages = week("2026-12-01");
    // In Chicago the delivery is tomorrow: 16 left at 2 a day runs to 0 by Dec 9, so order by today.
    expect(supplyReorder({ currentStock: 16, usages, settings, now, timeZone: "America/Chicago" })).toEqual({
      delivery: "2026-12-02",
      orderBy: "2026-12-01",
      late: false,
    });
    // In UTC it is already delivery day (and a day later: 14 over 8 days, 1.75 a day): the next
    // delivery that can still be ordered is Dec 9, which finds 3.75 left, just over 2 days.
    expect(supplyReorder({ currentStock: 16, usages, settings, now, timeZone: "UTC" })).toEqual({
      delivery: "2026-12-09",
      orderBy: "2026-12-08",
      late: false,
    });
  });

  it("counts a set date of the next delivery, then weekly after it", () => {
    const now = new Date("2026-12-01T15:00:00Z");
    const usages = week("2026-12-01");
    const settings = { deliveryWeekday: null, nextDeliveryDate: "2026-12-05", stockDaysToKeep: 1 };
    // 30 at 2 a day: 22 on Dec 5, 8 on Dec 12, -6 on Dec 19: order for Dec 12.
    expect(supplyReorder({ currentStock: 30, usages, settings, now, timeZone: "UTC" })).toEqual({
      delivery: "2026-12-12",
      orderBy: "2026-12-11",
      late: false,
    });
  });
});

describe("what a logged bag says of its kit", () => {
  const line = (name: string, quantity: number, short = 0) => ({
    supplyId: "0190a8a0-0000-7000-8000-000000000001",
    name,
    unit: "each",
    quantity,
    short,
  });

  it("names what it drew, what was short first, and nothing for an edit", () => {
    const drawn = [line("tubing set", 1), line("filter", 1), line("caps", 2)];
    expect(kitDrawNote({ version: 1, suppliesDrawn: drawn })).toBe("Drew 1 tubing set, 1 filter, 2 caps.");
    expect(kitDrawNote({ version: 1, suppliesDrawn: [line("caps", 2, 1), line("filter", 1)] })).toBe(
      "Short in stock: caps (1 each). Drew 2 caps, 1 filter.",
    );
    expect(kitDrawNote({ version: 2, suppliesDrawn: drawn })).toBeUndefined();
    expect(kitDrawNote({ version: 1, suppliesDrawn: [] })).toBeUndefined();
  });
});
