import { describe, expect, it } from "vitest";
import { symptomEntryInput } from "./symptoms";

const issues = (value: unknown) =>
  symptomEntryInput
    .safeParse(value)
    .error?.issues.map((i) => ({ path: i.path.join("."), message: i.message })) ?? [];

describe("symptom entry content", () => {
  it("refuses an entry with neither a symptom nor a pain level, on the symptoms field", () => {
    const empty = [{ path: "symptoms", message: "Enter at least one symptom or a pain level" }];
    expect(issues({ date: "2026-11-20" })).toEqual(empty);
    expect(issues({ date: "2026-11-20", symptoms: " , ", painLevel: "", severity: "mild" })).toEqual(empty);
  });

  it("accepts a symptom alone or a pain level alone (0 included)", () => {
    expect(issues({ date: "2026-11-20", symptoms: "nausea" })).toEqual([]);
    expect(issues({ date: "2026-11-20", painLevel: 0 })).toEqual([]);
  });
});
