import { describe, expect, it } from "vitest";
import { infectionStartHref, readInfectionStart } from "./infection-start";

const childId = "0b8f2f4e-4a4c-4d7e-9a51-0c5f7a3c2e11";
const lineId = "1d2c3b4a-0000-4000-8000-000000000001";

describe("starting an infection record from another screen", () => {
  it("opens PICC Lines on the infections' add form with the child, line, date, type and symptoms", () => {
    const href = infectionStartHref({
      childId,
      lineId,
      date: "2026-11-27",
      infectionType: "bloodstream",
      symptoms: "Fever 38.3 °C at 03:10",
    });
    const url = new URL(href, "https://example.org");
    expect(url.pathname).toBe("/picc-lines");
    expect(url.searchParams.get("child")).toBe(childId);
    expect(readInfectionStart(url.search)).toEqual({
      tab: "infections",
      add: true,
      values: {
        piccLineId: lineId,
        infectionDate: "2026-11-27",
        infectionType: "bloodstream",
        symptoms: "Fever 38.3 °C at 03:10",
      },
    });
  });

  it("leaves out what the address does not give, or gives wrong", () => {
    expect(readInfectionStart("?tab=infections&date=27/11/2026&type=tunnel")).toEqual({
      tab: "infections",
      add: false,
      values: {},
    });
    expect(readInfectionStart("?add=1")).toEqual({ tab: null, add: false, values: {} });
    const noLine = infectionStartHref({
      childId,
      lineId: null,
      date: "2026-11-27",
      infectionType: "bloodstream",
      symptoms: "",
    });
    expect(noLine).not.toContain("lineId");
  });
});
