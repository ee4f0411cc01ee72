import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { setFamilyClockSource } from "./clock";
import {
  acrossFields,
  commaList,
  isoDate,
  isPhoneNumber,
  NUL_MESSAGE,
  notFutureDate,
  optionalDate,
  optionalDecimal,
  optionalInt,
  optionalIsoDate,
  optionalPhone,
  optionalText,
  pastDate,
  requiredText,
  splitCommaList,
  text,
} from "./fields";

/** The messages a schema gives for a value, or [] when it passes. */
const messages = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe("splitCommaList", () => {
  it("splits on commas, trims and drops empty items", () => {
    expect(splitCommaList(" nausea, , fatigue ,fever,")).toEqual(["nausea", "fatigue", "fever"]);
    expect(splitCommaList("")).toEqual([]);
    expect(splitCommaList(undefined)).toEqual([]);
    expect(splitCommaList([" a ", ""])).toEqual(["a"]);
    expect(commaList().parse("x, y")).toEqual(["x", "y"]);
  });
});

describe("field rules", () => {
  it("turns empty optional text into null and trims the rest", () => {
    const schema = z.object({ notes: optionalText() });
    expect(schema.parse({ notes: "  " })).toEqual({ notes: null });
    expect(schema.parse({})).toEqual({ notes: null });
    expect(schema.parse({ notes: " ok " })).toEqual({ notes: "ok" });
  });

  it("refuses a NUL character in every text field builder, wherever it sits", () => {
    const builders: [string, z.ZodType][] = [
      ["text", text()],
      ["requiredText", requiredText("Name")],
      ["optionalText", optionalText()],
      ["optionalPhone", optionalPhone("Phone")],
      ["commaList", commaList()],
    ];
    for (const [name, schema] of builders) {
      for (const value of ["\u0000", "a\u0000b", "Dr. Patel\u0000"]) {
        expect({ name, value, messages: messages(schema, value) }).toEqual({
          name,
          value,
          messages: expect.arrayContaining([NUL_MESSAGE]),
        });
      }
    }
    expect(messages(commaList(), ["fever", "chills\u0000"])).toEqual([NUL_MESSAGE]);
    expect(messages(commaList(), "fever, chills")).toEqual([]);
    expect(messages(requiredText("Name"), "Dr. Patel")).toEqual([]);
  });

  it("accepts decimals of precision 8 and scale 2 and refuses what does not fit, never rounding", () => {
    const d = optionalDecimal("Calories");
    expect(d.parse("123456.78")).toBe("123456.78");
    expect(d.parse(12.5)).toBe("12.5");
    expect(d.parse("")).toBeNull();
    expect(d.safeParse("1234567").success).toBe(false);
    expect(d.safeParse("1.234").success).toBe(false);
    expect(d.safeParse("-1").success).toBe(false);
    expect(d.safeParse("abc").success).toBe(false);
  });

  it("checks integers and their range", () => {
    const age = optionalInt("Age", 0, 25);
    expect(age.parse("7")).toBe(7);
    expect(age.parse("")).toBeNull();
    expect(age.safeParse(26).success).toBe(false);
    expect(age.safeParse("2.5").success).toBe(false);
  });

  it("accepts only real calendar dates", () => {
    const date = isoDate("Date");
    expect(date.parse("2024-02-29")).toBe("2024-02-29");
    expect(date.safeParse("2023-02-29").success).toBe(false);
    expect(date.safeParse("02/03/2024").success).toBe(false);
  });
});

describe("rules across fields", () => {
  const period = z
    .object({ start: isoDate("Start"), end: optionalIsoDate("End") })
    .check(
      acrossFields(["start", "end"], (p) =>
        p.end && p.end < p.start ? [{ path: "end", message: "End must be on or after Start" }] : [],
      ),
    );

  it("names the field the rule finds at fault", () => {
    expect(period.safeParse({ start: "2026-03-02", end: "2026-03-01" }).error?.issues).toEqual([
      expect.objectContaining({ path: ["end"], message: "End must be on or after Start" }),
    ]);
    expect(period.safeParse({ start: "2026-03-02", end: "2026-03-02" }).success).toBe(true);
  });

  it("refuses a value that is not an object without running the rule (which would throw)", () => {
    for (const value of [null, undefined, [], [{ start: "2026-03-02" }], "x", 1, true]) {
      const result = period.safeParse(value);
      expect({ value, issues: result.error?.issues.map((issue) => issue.path) }).toEqual({
        value,
        issues: [[]],
      });
    }
  });
});

describe("date rules", () => {
  // Late in the evening of 24 November 2026, local time: "today" is the local calendar's date.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2026, 10, 24, 23, 30));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("refuses any date before 1900-01-01, naming the field", () => {
    for (const schema of [isoDate("Date"), pastDate("Date"), optionalIsoDate("Date")]) {
      expect(messages(schema, "1899-12-31")).toEqual(["Date cannot be before 1900"]);
      expect(messages(schema, "1900-01-01")).toEqual([]);
    }
    expect(messages(notFutureDate("Date of birth"), "1899-12-31")).toEqual([
      "Date of birth cannot be before 1900",
    ]);
  });

  it("lets appointments be in the future", () => {
    expect(messages(isoDate("Date"), "2099-02-03")).toEqual([]);
  });

  it("accepts a past-facing date up to today and refuses tomorrow", () => {
    const date = pastDate("Date");
    expect(messages(date, "2026-11-23")).toEqual([]);
    expect(messages(date, "2026-11-24")).toEqual([]);
    expect(messages(date, "2026-11-25")).toEqual(["Date cannot be in the future"]);
    expect(messages(optionalDate(pastDate("Removal date")), "2026-11-25")).toEqual([
      "Removal date cannot be in the future",
    ]);
  });

  it("reads today when it checks, not when the schema was built", () => {
    const date = pastDate("Date");
    expect(messages(date, "2026-11-25")).toHaveLength(1);
    vi.setSystemTime(new Date(2026, 10, 25, 0, 5));
    expect(messages(date, "2026-11-25")).toEqual([]);
  });

  it("reads today in the family's time zone, not this machine's", () => {
    const date = pastDate("Date");
    // 23:30 on 24 November in Honolulu (UTC-10) is 09:30 on the 25th in UTC.
    const at = new Date("2026-11-25T09:30:00Z");
    setFamilyClockSource(() => ({ timeZone: "Pacific/Honolulu", now: () => at }));
    try {
      expect(messages(date, "2026-11-24")).toEqual([]);
      expect(messages(date, "2026-11-25")).toEqual(["Date cannot be in the future"]);
    } finally {
      setFamilyClockSource(null);
    }
  });

  it("refuses a date of birth after today", () => {
    const dateOfBirth = optionalDate(notFutureDate("Date of birth"));
    expect(messages(dateOfBirth, "2026-11-24")).toEqual([]);
    expect(messages(dateOfBirth, "2026-11-25")).toEqual(["Date of birth cannot be in the future"]);
    expect(dateOfBirth.parse("")).toBeNull();
  });

  it("adds no range message to text that is not a real date", () => {
    expect(messages(pastDate("Date"), "31/12/2099")).toEqual([
      "Date must be a date (yyyy-MM-dd)",
      "Date must be a real date",
    ]);
    expect(messages(pastDate("Date"), "2099-02-30")).toEqual(["Date must be a real date"]);
  });
});

describe("phone numbers", () => {
  it("accepts digits with spaces, dashes, dots, parentheses and a leading +", () => {
    for (const number of [
      "+1 555-0100",
      "555-0100",
      "(555) 123-4567",
      "555.123.4567",
      "+44 20 7946 0958",
      "5550100",
    ]) {
      expect({ number, ok: isPhoneNumber(number) }).toEqual({ number, ok: true });
    }
  });

  it("refuses fewer than 7 digits, letters and other signs", () => {
    for (const number of [
      "555-010",
      "911",
      "call me",
      "555-0100 ext 2",
      "555/0100",
      "1-800-FLOWERS",
      "555+0100",
      "+",
    ]) {
      expect({ number, ok: isPhoneNumber(number) }).toEqual({ number, ok: false });
    }
  });

  it("names the field in its message and lets the number be left out", () => {
    const phone = optionalPhone("Phone");
    expect(messages(phone, "555-01")).toEqual(["Phone must be a phone number such as +1 555-0100"]);
    expect(phone.parse(" +1 555-0100 ")).toBe("+1 555-0100");
    expect(phone.parse("")).toBeNull();
    expect(phone.parse(null)).toBeNull();
  });
});
