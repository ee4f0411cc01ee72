import { describe, expect, it } from "vitest";
import { tpnEntryInput } from "./tpn";

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
