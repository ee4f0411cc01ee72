import { describe, expect, it } from "vitest";
import { addDays } from "./dates";
import { growthZ } from "./growth";
import { CORRECTED_UNTIL_MONTHS, correctedAgeDays, gestationText, growthAge } from "./growth-age";

const born = "2025-01-10";
const on = (days: number) => addDays(born, days);

describe("corrected age for a child born before 37 weeks (CDC; AAP)", () => {
  it("subtracts the weeks born before 40 from the age since birth: the CDC's worked example", () => {
    // CDC growth chart training, "Overview of the CDC Growth Charts": Randy, born at 30 weeks, 12
    // weeks old at the visit: 40 − 30 = 10 weeks early, so plotted as a 2-week-old.
    expect(correctedAgeDays(12 * 7, { weeks: 30, days: 0 })).toBe(2 * 7);
    // AAP (HealthyChildren.org, "Corrected Age for Preemies"): born at 32 weeks, 4 months old
    // (122 days), about 2 months corrected.
    expect(correctedAgeDays(122, { weeks: 32, days: 0 })! / 30.4375).toBeCloseTo(2.17, 2);
  });

  it("born at 30 weeks, 6 months old: 3 months 3 weeks corrected, and the percentile of that age", () => {
    // 183 days since birth − 70 days early = 113 days: 16 weeks 1 day, 3.7 months.
    const age = growthAge({ dateOfBirth: born, onDate: on(183), gestation: { weeks: 30, days: 0 } })!;
    expect(age.ageMonths).toBeCloseTo(183 / 30.4375, 10);
    expect(age.correctedAgeMonths).toBeCloseTo(113 / 30.4375, 10);
    expect(Math.floor(age.correctedAgeMonths! * 30.4375)).toBe(16 * 7 + 1);
    // A 6.0 kg boy is then placed at 113 days, not at 183.
    const corrected = growthZ({ kind: "weight", sex: "male", ageMonths: age.correctedAgeMonths!, value: 6 })!;
    const chronological = growthZ({ kind: "weight", sex: "male", ageMonths: age.ageMonths, value: 6 })!;
    expect(corrected.zScore).toBeGreaterThan(chronological.zScore + 1);
  });

  it("counts the days of the gestational age: 30 weeks 4 days is 9 weeks 3 days early", () => {
    expect(correctedAgeDays(100, { weeks: 30, days: 4 })).toBe(100 - (9 * 7 + 3));
    // 36 weeks 6 days is still preterm: 3 weeks 1 day before 40.
    expect(correctedAgeDays(100, { weeks: 36, days: 6 })).toBe(100 - 22);
  });

  it("stops at 24 months of chronological age (CDC/HRSA: corrected age until 2 years)", () => {
    expect(CORRECTED_UNTIL_MONTHS).toBe(24);
    const gestation = { weeks: 28, days: 0 };
    expect(growthAge({ dateOfBirth: born, onDate: on(730), gestation })!.correctedAgeMonths).toBeCloseTo(
      (730 - 84) / 30.4375,
      10,
    );
    // 731 days is 24.02 months: the age since birth from then on.
    expect(growthAge({ dateOfBirth: born, onDate: on(731), gestation })).toEqual({
      ageMonths: 731 / 30.4375,
      correctedAgeMonths: null,
    });
  });

  it("does not correct for a child born at 37 weeks or later, or when the gestational age is not known", () => {
    expect(correctedAgeDays(100, { weeks: 37, days: 0 })).toBeNull();
    expect(correctedAgeDays(100, { weeks: 41, days: 2 })).toBeNull();
    expect(correctedAgeDays(100, null)).toBeNull();
    expect(growthAge({ dateOfBirth: born, onDate: on(100), gestation: null })).toEqual({
      ageMonths: 100 / 30.4375,
      correctedAgeMonths: null,
    });
  });

  it("gives a negative corrected age before the due date, where the WHO charts (from term) have no percentile", () => {
    const age = growthAge({ dateOfBirth: born, onDate: on(35), gestation: { weeks: 30, days: 0 } })!;
    expect(age.correctedAgeMonths).toBeCloseTo(-35 / 30.4375, 10);
    expect(
      growthZ({ kind: "weight", sex: "female", ageMonths: age.correctedAgeMonths!, value: 2 }),
    ).toBeNull();
  });

  it("says the gestational age as a family would", () => {
    expect(gestationText({ weeks: 30, days: 4 })).toBe("30 weeks 4 days");
    expect(gestationText({ weeks: 32, days: 0 })).toBe("32 weeks");
    expect(gestationText({ weeks: 35, days: 1 })).toBe("35 weeks 1 day");
  });
});
