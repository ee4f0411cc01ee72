import { describe, expect, it } from "vitest";
import { dailyOverview, intensityBand, painColor, symptomHeatmap } from "./symptom-heatmap";

const today = "2026-11-23";
const entry = (date: string, symptoms: string[], painLevel: number | null = null) => ({
  date,
  symptoms,
  painLevel,
});

describe("intensityBand", () => {
  it("puts each intensity in the spec's band, at every edge", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 30].map(intensityBand)).toEqual([
      "none",
      "low",
      "low",
      "mild",
      "mild",
      "moderate",
      "moderate",
      "high",
      "high",
      "severe",
      "severe",
    ]);
  });

  it("colours a day's average pain: 0 green, up to 3 yellow, up to 6 orange, above red", () => {
    expect([0, 1, 3, 4, 6, 7, 10].map(painColor)).toEqual([
      "green",
      "yellow",
      "yellow",
      "orange",
      "orange",
      "red",
      "red",
    ]);
  });
});

describe("symptomHeatmap", () => {
  it("covers the 30 days ending today: the 30th day back is in, the 31st is not", () => {
    const { days, rows } = symptomHeatmap(
      [entry("2026-10-25", ["fever"], 3), entry("2026-10-24", ["fever"], 5), entry(today, ["fever"], 1)],
      today,
    );
    expect(days).toHaveLength(30);
    expect([days[0], days.at(-1)]).toEqual(["2026-10-25", today]);
    expect(rows).toEqual([{ symptom: "fever", total: 4, cells: [3, ...Array(28).fill(0), 1] }]);
  });

  it("sums the pain levels of a symptom's entries per day; entries without one add nothing", () => {
    const { rows } = symptomHeatmap(
      [entry(today, ["nausea"], 4), entry(today, ["nausea", "cramps"], 3), entry(today, ["nausea"], null)],
      today,
    );
    expect(rows.map((r) => [r.symptom, r.cells.at(-1)])).toEqual([
      ["nausea", 7],
      ["cramps", 3],
    ]);
  });

  it("keeps a symptom whose entries have no pain level, after those that do", () => {
    const { rows } = symptomHeatmap([entry(today, ["itch"]), entry(today, ["rash"], 2)], today);
    expect(rows.map((r) => [r.symptom, r.total])).toEqual([
      ["rash", 2],
      ["itch", 0],
    ]);
  });

  it("treats names that differ only in case or spaces as one symptom", () => {
    const { rows } = symptomHeatmap(
      [
        entry(today, ["Belly  pain "], 2),
        entry("2026-11-22", ["belly pain"], 3),
        entry(today, ["BELLY PAIN", "belly pain"], 1),
      ],
      today,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ symptom: "Belly pain", total: 6 });
  });

  it("keeps the top 10 by total intensity, ties by name", () => {
    const names = ["k", "j", "i", "h", "g", "f", "e", "d", "c", "b", "a", "l"];
    const { rows } = symptomHeatmap(
      names.map((name) => entry(today, [name], name === "l" ? 9 : 2)),
      today,
    );
    expect(rows.map((r) => r.symptom)).toEqual(["l", "a", "b", "c", "d", "e", "f", "g", "h", "i"]);
  });
});

describe("dailyOverview", () => {
  it("lists the last 7 days, newest first, with up to 3 distinct symptoms and the rounded average pain", () => {
    const overview = dailyOverview(
      [
        entry(today, ["fever", "chills"], 3),
        entry(today, ["Fever", "cough"], 4),
        entry(today, ["rash"], null),
        entry(today, ["headache"], 6),
        entry("2026-11-22", ["nausea"], null),
        entry("2026-11-16", ["too old"], 9),
      ],
      today,
    );
    expect(overview.map((d) => d.date)).toEqual([
      "2026-11-23",
      "2026-11-22",
      "2026-11-21",
      "2026-11-20",
      "2026-11-19",
      "2026-11-18",
      "2026-11-17",
    ]);
    // Four entries: three symptoms, then '...'; (3 + 4 + 6) / 3 = 4.33 -> 4.
    expect(overview[0]).toEqual({
      date: today,
      entries: 4,
      symptoms: ["fever", "chills", "cough"],
      more: true,
      averagePain: 4,
    });
    expect(overview[1]).toEqual({
      date: "2026-11-22",
      entries: 1,
      symptoms: ["nausea"],
      more: false,
      averagePain: null,
    });
    expect(overview[2]).toMatchObject({ entries: 0, symptoms: [], averagePain: null });
  });

  it("rounds a half up", () => {
    expect(dailyOverview([entry(today, ["a"], 3), entry(today, ["b"], 4)], today)[0]?.averagePain).toBe(4);
  });
});
