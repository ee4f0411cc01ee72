import { describe, expect, it } from "vitest";
import { clockIsOff, clockOffText } from "./device-clock";

const MINUTE = 60_000;

describe("a device clock that is off", () => {
  it("is shown from more than 5 minutes either way", () => {
    expect(clockIsOff(5 * MINUTE)).toBe(false);
    expect(clockIsOff(-4 * MINUTE)).toBe(false);
    expect(clockIsOff(5 * MINUTE + 1000)).toBe(true);
    expect(clockIsOff(-6 * MINUTE)).toBe(true);
  });

  it("says how far behind or ahead, in the unit that reads best", () => {
    expect(clockOffText(-7 * MINUTE - 20_000)).toBe("This phone's clock is 7 minutes behind");
    expect(clockOffText(12 * MINUTE)).toBe("This phone's clock is 12 minutes ahead");
    expect(clockOffText(-3 * 60 * MINUTE)).toBe("This phone's clock is 3 hours behind");
    expect(clockOffText(24 * 60 * MINUTE)).toBe("This phone's clock is 24 hours ahead");
    expect(clockOffText(-3 * 24 * 60 * MINUTE)).toBe("This phone's clock is 3 days behind");
  });
});
