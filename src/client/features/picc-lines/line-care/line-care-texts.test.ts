import { describe, expect, it } from "vitest";
import type { LineCareEvent } from "../api";
import { eventDetails, eventTitle, eventWhen, rateCell, sawSomething } from "./line-care-texts";

const event = (over: Partial<LineCareEvent>) =>
  ({
    kind: "flush",
    dressingType: null,
    withLipids: null,
    lockSolution: null,
    dwellMinutes: null,
    findings: null,
    externalLengthCm: null,
    alteplaseUsed: null,
    repaired: null,
    date: "2026-11-20",
    time: null,
    ...over,
  }) as LineCareEvent;

describe("line care events in words", () => {
  it("titles an event by its kind and what matters most of it", () => {
    expect(eventTitle(event({ kind: "dressing", dressingType: "gauze" }))).toBe("Dressing change: Gauze");
    expect(eventTitle(event({ kind: "site-check", findings: ["redness", "pain"] }))).toBe(
      "Site check: Redness, Pain",
    );
    expect(eventTitle(event({ kind: "external-length", externalLengthCm: 14.5 }))).toBe(
      "External length measured: 14.5 cm",
    );
    expect(eventTitle(event({ kind: "connector" }))).toBe("Needleless connector change");
  });

  it("lists the other details given, and nothing for what was not said", () => {
    expect(eventDetails(event({ kind: "lock", lockSolution: "ethanol", dwellMinutes: 120 }))).toEqual([
      "Ethanol",
      "Dwell 120 minutes",
    ]);
    expect(eventDetails(event({ kind: "tubing", withLipids: false }))).toEqual(["Without lipids"]);
    expect(eventDetails(event({ kind: "tubing" }))).toEqual([]);
    expect(eventDetails(event({ kind: "occlusion", alteplaseUsed: true }))).toEqual(["Alteplase used"]);
    expect(eventDetails(event({ kind: "breakage", repaired: false }))).toEqual(["Not repaired"]);
    expect(eventDetails(event({ kind: "dressing", externalLengthCm: 12 }))).toEqual([
      "External length 12 cm",
    ]);
  });

  it("tells a site check that saw something from a normal one", () => {
    expect(sawSomething(event({ kind: "site-check", findings: ["normal"] }))).toBe(false);
    expect(sawSomething(event({ kind: "site-check", findings: ["swelling"] }))).toBe(true);
  });

  it("gives the date, with the time when there is one", () => {
    expect(eventWhen(event({ time: "09:05:00" }))).toBe("Nov 20, 2026 at 09:05");
    expect(eventWhen(event({}))).toBe("Nov 20, 2026");
  });
});

describe("rateCell", () => {
  it("gives the rate and the count, or a dash without catheter-days", () => {
    expect(rateCell(2.4, 1)).toBe("2.4 (1)");
    expect(rateCell(0, 0)).toBe("0 (0)");
    expect(rateCell(1250, 3)).toBe("1,250 (3)");
    expect(rateCell(null, 0)).toBe("—");
  });
});
