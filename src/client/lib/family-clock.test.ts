import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { deviceTimeZone, familyClock } from "@/domain/clock";
import { pastDate } from "@/domain/fields";
import { followAccountTimeZone } from "./family-clock";
import { toDateOnly, toTimeOnly } from "./format";

describe("the browser's family clock", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    // 00:30 on 25 November in Kiritimati (UTC+14); 00:30 on the 24th in Honolulu (UTC-10).
    vi.setSystemTime(new Date("2026-11-24T10:30:00Z"));
  });
  afterEach(() => {
    followAccountTimeZone(null);
    vi.useRealTimers();
  });

  it("starts forms on the account's date and time, whatever zone the device is in", () => {
    followAccountTimeZone("Pacific/Kiritimati");
    expect(toDateOnly()).toBe("2026-11-25");
    expect(toTimeOnly()).toBe("00:30");
    followAccountTimeZone("Pacific/Honolulu");
    expect(toDateOnly()).toBe("2026-11-24");
    expect(toTimeOnly()).toBe("00:30");
  });

  it("checks a form's date against the account's today", () => {
    const date = pastDate("Date");
    followAccountTimeZone("Pacific/Honolulu");
    expect(date.safeParse("2026-11-25").success).toBe(false);
    followAccountTimeZone("Pacific/Kiritimati");
    expect(date.safeParse("2026-11-25").success).toBe(true);
  });

  it("uses the device's zone when signed out or given no zone it knows", () => {
    followAccountTimeZone(null);
    expect(familyClock().timeZone).toBe(deviceTimeZone());
    followAccountTimeZone("Nowhere/Land");
    expect(familyClock().timeZone).toBe(deviceTimeZone());
  });
});
