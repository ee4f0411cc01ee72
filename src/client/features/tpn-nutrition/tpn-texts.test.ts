import { describe, expect, it } from "vitest";
import {
  bagLabelText,
  followedText,
  runTimesText,
  versionDates,
  versionName,
  versionWhen,
} from "./tpn-texts";

const today = "2026-11-27";

describe("a prescription version's dates", () => {
  it("says since when the version in force runs, when an earlier one ran, and when a later one starts", () => {
    const current = { startDate: "2026-11-15", endDate: null };
    const earlier = { startDate: "2026-10-01", endDate: "2026-11-14" };
    const upcoming = { startDate: "2026-12-05", endDate: null };
    expect(versionDates(current, today)).toBe("Since Nov 15, 2026");
    expect(versionDates(earlier, today)).toBe("Oct 1, 2026 to Nov 14, 2026");
    expect(versionDates(upcoming, today)).toBe("From Dec 5, 2026");
    expect(versionName(current, today)).toBe("the version since Nov 15, 2026");
    expect(versionName(earlier, today)).toBe("the version from Oct 1, 2026 to Nov 14, 2026");
    expect(versionName(upcoming, today)).toBe("the version from Dec 5, 2026");
    expect([current, earlier, upcoming].map((v) => versionWhen(v, today))).toEqual([
      "current",
      "earlier",
      "upcoming",
    ]);
    // The current one, with a later version already written down, ends before that one starts.
    expect(versionWhen({ startDate: "2026-11-15", endDate: "2026-12-04" }, today)).toBe("current");
    expect(versionWhen({ startDate: "2026-11-15", endDate: today }, today)).toBe("current");
  });
});

describe("a night's bag details", () => {
  it("names the prescription followed, the times, the lot and the expiry, or nothing", () => {
    expect(followedText("2026-11-15")).toBe("Followed the prescription of Nov 15, 2026");
    expect(followedText(undefined)).toBe("Followed the prescription");
    expect(runTimesText({ startTime: "19:30", stopTime: "09:30" })).toBe("Started 19:30, stopped 09:30");
    expect(runTimesText({ startTime: null, stopTime: "09:30" })).toBe("Stopped 09:30");
    expect(runTimesText({ startTime: null, stopTime: null })).toBeNull();
    expect(bagLabelText({ lot: "4471A", expiryDate: "2026-12-03" })).toBe("Lot 4471A, expires Dec 3, 2026");
    expect(bagLabelText({ lot: null, expiryDate: "2026-12-03" })).toBe("Expires Dec 3, 2026");
    expect(bagLabelText({ lot: null, expiryDate: null })).toBeNull();
  });
});
