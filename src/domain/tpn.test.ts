import { describe, expect, it } from "vitest";
import { isUnusualTpnVolume, TPN_USUAL_VOLUME_ML, tpnEntryInput } from "./tpn";

const entry = { childId: "7a0c2c56-8a51-4a0e-9d1b-2f7d6f1f6a11", date: "2026-11-20" };
const issues = (value: unknown) =>
  tpnEntryInput.safeParse(value).error?.issues.map((i) => ({ path: i.path.join("."), message: i.message })) ??
  [];

describe("TPN entry amounts", () => {
  it("refuses an entry without any amount, on the calories field", () => {
    const noAmount = [
      {
        path: "calories",
        message: "Enter at least one amount: calories, protein, carbohydrates, fat or volume",
      },
    ];
    expect(issues(entry)).toEqual(noAmount);
    expect(issues({ ...entry, calories: "", protein: null, duration: 12, notes: "Pump off" })).toEqual(
      noAmount,
    );
  });

  it("accepts any one amount, zero included", () => {
    for (const amount of ["calories", "protein", "carbohydrates", "fat", "volume"]) {
      expect({ amount, issues: issues({ ...entry, [amount]: "0" }) }).toEqual({ amount, issues: [] });
    }
  });

  it("does not ask for an amount over an amount that is already wrong", () => {
    expect(issues({ ...entry, calories: "lots" }).map((i) => i.path)).toEqual(["calories"]);
  });
});

describe("unusual TPN volumes", () => {
  it("asks about volumes no bag holds, not about real ones or an empty field", () => {
    for (const volume of ["99999", "5000.01", "9.99", "0", 100000])
      expect(isUnusualTpnVolume(volume)).toBe(true);
    for (const volume of ["10", "1150", "5000", 250, "", null, undefined])
      expect(isUnusualTpnVolume(volume)).toBe(false);
    expect(isUnusualTpnVolume("3000", { ...TPN_USUAL_VOLUME_ML, max: 2500 })).toBe(true);
  });
});
