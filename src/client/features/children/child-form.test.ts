import { describe, expect, it } from "vitest";
import type { Child } from "./api";
import { childFormSchema, childFormValues, childRequestBody, filterChildren } from "./child-form";

const child = (over: Partial<Child>): Child => ({
  id: "c1",
  version: 1,
  name: "Sam",
  dateOfBirth: null,
  age: null,
  gender: null,
  gestationalAgeWeeks: null,
  gestationalAgeDays: null,
  medicalDiagnosis: null,
  avatarUrl: null,
  avatarColor: "#3B82F6",
  notes: null,
  isActive: 1,
  createdAt: "2024-01-01T00:00:00.000Z",
  updatedAt: "2024-01-01T00:00:00.000Z",
  createdBy: null,
  updatedBy: null,
  createdByName: null,
  updatedByName: null,
  ...over,
});

describe("filterChildren", () => {
  const list = [
    child({ id: "1", name: "Sam Lopez", medicalDiagnosis: "Short bowel syndrome" }),
    child({ id: "2", name: "Ava", notes: "Loves the PICC dressing STICKERS" }),
    child({ id: "3", name: "Noah" }),
  ];

  it("matches name, diagnosis and notes case-insensitively as substrings", () => {
    expect(filterChildren(list, "sam").map((c) => c.id)).toEqual(["1"]);
    expect(filterChildren(list, "BOWEL").map((c) => c.id)).toEqual(["1"]);
    expect(filterChildren(list, "stickers").map((c) => c.id)).toEqual(["2"]);
    expect(filterChildren(list, "o").map((c) => c.id)).toEqual(["1", "2", "3"]);
  });

  it("returns everyone for an empty search and nobody when nothing matches", () => {
    expect(filterChildren(list, "  ")).toHaveLength(3);
    expect(filterChildren(list, "zzz")).toEqual([]);
  });
});

describe("the child form", () => {
  it("starts empty with the default colour, or from the child being edited", () => {
    expect(childFormValues(null)).toEqual({
      name: "",
      dateOfBirth: "",
      age: "",
      gender: "",
      gestationalAgeWeeks: "",
      gestationalAgeDays: "",
      medicalDiagnosis: "",
      avatarColor: "#3B82F6",
      notes: "",
    });
    const values = childFormValues(
      child({
        age: 4,
        gender: "female",
        avatarColor: "#ec4899",
        gestationalAgeWeeks: 30,
        gestationalAgeDays: 4,
      }),
    );
    expect(values).toMatchObject({
      name: "Sam",
      age: "4",
      gender: "female",
      avatarColor: "#EC4899",
      gestationalAgeWeeks: "30",
      gestationalAgeDays: "4",
    });
  });

  it("sends empty optional values as null and carries userId", () => {
    const output = childFormSchema.parse({ ...childFormValues(null), name: "Sam" });
    expect(childRequestBody(output)).toEqual({
      name: "Sam",
      dateOfBirth: null,
      age: null,
      gender: null,
      gestationalAgeWeeks: null,
      gestationalAgeDays: null,
      medicalDiagnosis: null,
      avatarColor: "#3B82F6",
      notes: null,
      userId: "",
    });
  });

  it("requires a name and keeps the age between 0 and 25", () => {
    const empty = childFormSchema.safeParse(childFormValues(null));
    expect(empty.error?.issues[0]?.message).toBe("Name is required");
    expect(childFormSchema.safeParse({ name: "Sam", age: "26" }).success).toBe(false);
    expect(childFormSchema.safeParse({ name: "Sam", age: "0" }).success).toBe(true);
  });

  it("takes the gestational age at birth as weeks (22 to 44) and days (0 to 6), the days only with weeks", () => {
    const parsed = childFormSchema.parse({ name: "Kai", gestationalAgeWeeks: "30", gestationalAgeDays: "4" });
    expect(parsed).toMatchObject({ gestationalAgeWeeks: 30, gestationalAgeDays: 4 });
    const issues = (values: Record<string, string>) =>
      childFormSchema.safeParse({ name: "Kai", ...values }).error?.issues.map((i) => [i.path[0], i.message]);
    expect(issues({ gestationalAgeWeeks: "45" })).toEqual([
      ["gestationalAgeWeeks", "Gestational age (weeks) must be between 22 and 44"],
    ]);
    expect(issues({ gestationalAgeDays: "2" })).toEqual([
      ["gestationalAgeWeeks", "Give the weeks of the gestational age with its days"],
    ]);
  });
});
