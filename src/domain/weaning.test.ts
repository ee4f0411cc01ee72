import { describe, expect, it } from "vitest";
import { type WeaningInput, weaningRows, weekStart } from "./weaning";

const bolus = (date: string, source: "enteral" | "oral", volumeMl: number, kcalPerMl: number | null) => ({
  date,
  source,
  mode: "bolus" as const,
  volumeMl,
  rateMlPerHour: null,
  hours: null,
  kcalPerMl,
});

const input = (over: Partial<WeaningInput>): WeaningInput => ({
  from: "2026-11-02",
  to: "2026-11-08",
  intake: [],
  pn: [],
  weights: [],
  ...over,
});

describe("weeks on the family's clock", () => {
  it("start on Monday (ISO 8601), a Sunday belonging to the week before it", () => {
    // 2026-11-02 is a Monday, 2026-11-08 the Sunday after it, 2026-11-09 the next Monday.
    expect(weekStart("2026-11-02")).toBe("2026-11-02");
    expect(weekStart("2026-11-05")).toBe("2026-11-02");
    expect(weekStart("2026-11-08")).toBe("2026-11-02");
    expect(weekStart("2026-11-09")).toBe("2026-11-09");
    // Across a year's end: Thursday 1 January 2026 is in the week of Monday 29 December 2025.
    expect(weekStart("2026-01-01")).toBe("2025-12-29");
  });
});

describe("the energy by route, a day", () => {
  it("gives the feeds' share of the energy and kcal/kg on the weight in force", () => {
    // The worked example of the product issue ("The road off PN", item 2): a 10 kg child; a PN bag
    // of 500 mL at 0.8 kcal/mL = 400 kcal (its calories as logged); a tube feed of 300 mL at 1.0
    // kcal/mL (PediaSure 1.0, Abbott's label) = 300 kcal. Energy 700 kcal, 70 kcal/kg; the feeds'
    // share 300 / 700 = 42.857... = 42.9 %, PN 400 / 700 = 57.1 %.
    const [day] = weaningRows(
      input({
        from: "2026-11-03",
        to: "2026-11-03",
        pn: [{ date: "2026-11-03", volume: 500, calories: 400 }],
        intake: [bolus("2026-11-03", "enteral", 300, 1)],
        weights: [{ date: "2026-10-20", kg: 10 }],
      }),
      "day",
    );
    expect(day).toEqual({
      start: "2026-11-03",
      end: "2026-11-03",
      loggedDays: 1,
      energy: { pn: 400, enteral: 300, oral: 0, total: 700 },
      kcalPerDay: 700,
      kcalPerKgDay: 70,
      share: { pn: 57.1, enteral: 42.9, oral: 0, feeds: 42.9 },
      pnNights: 1,
      prescribedNights: null,
      pnVolumeMl: 500,
      feedsWithoutEnergy: 0,
    });
  });

  it("reads each day on the latest weight on or before it, and counts mouth and tube apart", () => {
    // 8 kg until Nov 4, then 8.5 kg. Nov 3: a 100 mL breast-milk feed by mouth at 0.67 kcal/mL
    // (AAP, Pediatric Nutrition, 8th ed.: about 20 kcal/oz) = 67 kcal, with a 600 kcal bag:
    // 667 kcal / 8 kg = 83.4 kcal/kg; by mouth 67 / 667 = 10.0 %. Nov 5: 667 kcal / 8.5 kg = 78.5.
    const rows = weaningRows(
      input({
        from: "2026-11-03",
        to: "2026-11-05",
        pn: [
          { date: "2026-11-03", volume: 750, calories: 600 },
          { date: "2026-11-05", volume: 750, calories: 600 },
        ],
        intake: [bolus("2026-11-03", "oral", 100, 0.67), bolus("2026-11-05", "oral", 100, 0.67)],
        weights: [
          { date: "2026-11-04", kg: 8.5 },
          { date: "2026-10-01", kg: 8 },
        ],
      }),
      "day",
    );
    expect(rows.map((r) => r.kcalPerKgDay)).toEqual([83.4, null, 78.5]);
    expect(rows[0]?.share).toEqual({ pn: 90, enteral: 0, oral: 10, feeds: 10 });
    // Nothing logged on Nov 4: no figures, rather than a day of nothing eaten.
    expect(rows[1]).toMatchObject({ loggedDays: 0, kcalPerDay: null, share: null, pnNights: 0 });
  });
});

describe("the energy by route, a week", () => {
  // A week of weaning, Monday Nov 2 to Sunday Nov 8, on 10 kg: PN on 5 nights (Mon, Tue, Thu, Fri,
  // Sat) of 500 mL and 400 kcal each; a 1.0 kcal/mL tube feed of 500 mL every day (500 kcal) and
  // 60 mL of a 1.5 kcal/mL one by mouth on Sunday (90 kcal).
  const nights = ["2026-11-02", "2026-11-03", "2026-11-05", "2026-11-06", "2026-11-07"];
  const days = [
    "2026-11-02",
    "2026-11-03",
    "2026-11-04",
    "2026-11-05",
    "2026-11-06",
    "2026-11-07",
    "2026-11-08",
  ];
  const [week] = weaningRows(
    input({
      pn: nights.map((date) => ({ date, volume: 500, calories: 400 })),
      intake: [...days.map((date) => bolus(date, "enteral", 500, 1)), bolus("2026-11-08", "oral", 60, 1.5)],
      weights: [{ date: "2026-11-01", kg: 10 }],
    }),
    "week",
  );

  it("adds the week's kcal by route, its PN nights and volume", () => {
    // PN 5 × 400 = 2,000 kcal; tube 7 × 500 = 3,500; mouth 90; total 5,590. PN 5 × 500 = 2,500 mL.
    expect(week).toMatchObject({
      start: "2026-11-02",
      end: "2026-11-08",
      loggedDays: 7,
      energy: { pn: 2000, enteral: 3500, oral: 90, total: 5590 },
      pnNights: 5,
      pnVolumeMl: 2500,
    });
  });

  it("gives the share of the week's energy, not an average of the days' shares", () => {
    // Feeds (3,500 + 90) / 5,590 = 64.22 % = 64.2 %; tube 3,500 / 5,590 = 62.6 %; mouth 90 / 5,590
    // = 1.6 %; PN 2,000 / 5,590 = 35.8 %. (The days' shares averaged would be 68.3 %: the nights
    // without PN would weigh as much as those with it.)
    expect(week?.share).toEqual({ pn: 35.8, enteral: 62.6, oral: 1.6, feeds: 64.2 });
  });

  it("averages kcal a day and kcal/kg a day over the days logged", () => {
    // 5,590 kcal / 7 days = 798.6 = 799 kcal a day; each day's kcal/kg: 90 on the five PN days,
    // 50 on Wednesday, 59 on Sunday: (450 + 50 + 59) / 7 = 79.857 = 79.9 kcal/kg/day.
    expect(week?.kcalPerDay).toBe(799);
    expect(week?.kcalPerKgDay).toBe(79.9);
  });

  it("counts a week the range cuts over the range's days only, and says which feeds lack energy", () => {
    // From Thursday Nov 5 to Tuesday Nov 10: two weeks, the first with Thu to Sun.
    const rows = weaningRows(
      input({
        from: "2026-11-05",
        to: "2026-11-10",
        pn: [{ date: "2026-11-05", volume: 500, calories: 400 }],
        intake: [bolus("2026-11-09", "enteral", 200, null)],
      }),
      "week",
    );
    expect(rows.map((r) => [r.start, r.end, r.loggedDays, r.pnNights])).toEqual([
      ["2026-11-02", "2026-11-08", 1, 1],
      ["2026-11-09", "2026-11-15", 1, 0],
    ]);
    // A feed without its kcal per mL: no energy that week, and counted so the screen can say so.
    expect(rows[1]).toMatchObject({ share: null, feedsWithoutEnergy: 1, kcalPerKgDay: null });
  });

  it("sets each week's PN nights against the nights prescribed on its last day", () => {
    // 7 nights until Tuesday Nov 10 (a version that does not say: every night), 5 from Wednesday
    // Nov 11: the week of Nov 2 is read against 7, the week of Nov 9 against 5.
    const rows = weaningRows(
      input({
        from: "2026-11-02",
        to: "2026-11-15",
        pn: [{ date: "2026-11-03", volume: 500, calories: 400 }],
        prescriptions: [
          { startDate: "2026-11-11", endDate: null, nightsPerWeek: 5 },
          { startDate: "2026-09-01", endDate: "2026-11-10", nightsPerWeek: null },
        ],
      }),
      "week",
    );
    expect(rows.map((r) => [r.start, r.pnNights, r.prescribedNights])).toEqual([
      ["2026-11-02", 1, 7],
      ["2026-11-09", 0, 5],
    ]);
    // Before any prescription, and day by day: none.
    expect(weaningRows(input({ prescriptions: [] }), "week")[0]?.prescribedNights).toBeNull();
  });
});
