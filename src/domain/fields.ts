import { z } from "zod";
import { EARLIEST_DATE, isAfterToday } from "./dates";
import { isPhoneNumber, phoneMessage } from "./phone";
import { isValidTimeZone } from "./time-zones";

/**
 * Field builders shared by every record schema, on the server (request validation) and in the
 * client's forms. Optional text arrives as a string, an empty string or null and leaves as a
 * trimmed string or null, so "" is never stored.
 */

const MAX_SHORT = 200;
const MAX_LONG = 10_000;
/** A list field holds at most this many items of at most MAX_SHORT characters, however it is sent. */
export const MAX_LIST_ITEMS = 100;

/** PostgreSQL text cannot hold the NUL character; refusing it here keeps it a 400, never a 500. */
export const NUL_MESSAGE = "Must not contain a NUL character";
export const hasNul = (text: string) => text.includes("\u0000");

/** Any text the server stores: a string without NUL characters. Every text field starts here. */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine((v) => !hasNul(v), NUL_MESSAGE);

export const requiredText = (label: string, max = MAX_SHORT) =>
  text({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const optionalText = (max = MAX_LONG) =>
  text()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** Whether text is a real yyyy-MM-dd date: the later date rules judge only those. */
const isIsoDate = (text: string) => DATE_PATTERN.test(text) && isRealDate(text);

/**
 * A calendar date as yyyy-MM-dd, checked to exist (no 2024-02-30) and to be no earlier than
 * 1900-01-01. Appointments (visits, lab tests) may be in the future; see `pastDate` for records of
 * what happened.
 */
export const isoDate = (label: string, required = `${label} is required`) =>
  z
    .string({ error: required })
    .min(1, required)
    .regex(DATE_PATTERN, `${label} must be a date (yyyy-MM-dd)`)
    .refine(isRealDate, `${label} must be a real date`)
    .refine((v) => !isIsoDate(v) || v >= EARLIEST_DATE, `${label} cannot be before 1900`);

/**
 * The date of something that happened (an infusion, a symptom, a photo): at most the family's
 * today (in the account's time zone, `clock.ts`), read when the value is checked. The server and
 * the form both know the family's today, so no day of grace is needed for a server on the other
 * side of midnight.
 */
export const pastDate = (label: string, required = `${label} is required`) =>
  isoDate(label, required).refine(
    (v) => !isIsoDate(v) || !isAfterToday(v),
    `${label} cannot be in the future`,
  );

/** A date that cannot be after today at all (a date of birth). */
export const notFutureDate = (label: string, required = `${label} is required`) =>
  isoDate(label, required).refine(
    (v) => !isIsoDate(v) || !isAfterToday(v),
    `${label} cannot be in the future`,
  );

/** Makes a date rule optional: "", null and a missing field become null. */
export const optionalDate = (date: z.ZodType<string, string>) =>
  z
    .union([z.literal(""), z.null(), date])
    .optional()
    .transform((v) => (v ? v : null));

export const optionalIsoDate = (label: string) => optionalDate(isoDate(label));

export const optionalTime = () =>
  z
    .union([
      z.literal(""),
      z.null(),
      z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, "Must be a time (HH:mm)"),
    ])
    .optional()
    .transform((v) => (v ? v.slice(0, 5) : null));

/** One of a fixed list of values; the message lists them. */
export const oneOf = <const T extends readonly [string, ...string[]]>(
  label: string,
  values: T,
  required = `${label} is required`,
) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined || issue.input === "" || issue.input === null
        ? required
        : `${label} must be one of: ${values.join(", ")}`,
  });

/** An integer that may be left empty (""/null/undefined become null); numeric text is accepted. */
export const optionalInt = (label: string, min: number, max: number) =>
  z
    .union([z.literal(""), z.null(), z.number(), z.string().trim()])
    .optional()
    .transform((v, ctx) => {
      if (v === "" || v === null || v === undefined) return null;
      // Digits only: Number() would also read "0x10", "1e3" and "0b1".
      const n = typeof v === "number" ? v : /^-?\d{1,15}$/.test(v) ? Number(v) : Number.NaN;
      if (!Number.isInteger(n)) {
        ctx.addIssue({ code: "custom", message: `${label} must be a whole number` });
        return z.NEVER;
      }
      if (n < min || n > max) {
        ctx.addIssue({ code: "custom", message: `${label} must be between ${min} and ${max}` });
        return z.NEVER;
      }
      return n;
    });

/**
 * A decimal of precision 8 and scale 2 (at most 6 integer and 2 fractional digits), sent as text
 * or a number, kept as text so no precision is lost. A value that does not fit is an error,
 * never rounded.
 */
export const optionalDecimal = (label: string, integerDigits = 6) =>
  z
    .union([z.literal(""), z.null(), z.number(), z.string().trim()])
    .optional()
    .transform((v, ctx) => {
      if (v === "" || v === null || v === undefined) return null;
      const text = typeof v === "number" ? String(v) : v;
      const pattern = new RegExp(`^\\d{1,${integerDigits}}(\\.\\d{1,2})?$`);
      if (!pattern.test(text)) {
        ctx.addIssue({
          code: "custom",
          message: `${label} must be a number from 0 to ${"9".repeat(integerDigits)}.99 with at most 2 decimals`,
        });
        return z.NEVER;
      }
      return text;
    });

/**
 * A measurement that may be left empty, as a number: at most `decimals` decimals (never rounded),
 * from 0 to `max`; sent as a number or text.
 */
export const optionalMeasure = (label: string, unit: string, max: number, decimals: number) =>
  z
    .union([z.literal(""), z.null(), z.number(), z.string().trim()])
    .optional()
    .transform((v, ctx) => {
      if (v === "" || v === null || v === undefined) return null;
      const text = typeof v === "number" ? String(v) : v;
      const pattern = new RegExp(`^\\d{1,6}(\\.\\d{1,${decimals}})?$`);
      if (!pattern.test(text) || Number(text) > max) {
        ctx.addIssue({
          code: "custom",
          message: `${label} must be a number of ${unit} from 0 to ${max}, with at most ${decimals} decimal${decimals === 1 ? "" : "s"}`,
        });
        return z.NEVER;
      }
      return Number(text);
    });

/** The example every phone message gives. */
export { isPhoneNumber, phoneMessage } from "./phone";

/** An optional phone number (see `isPhoneNumber`); empty becomes null. */
export const optionalPhone = (label: string) =>
  optionalText(50).refine((v) => v === null || isPhoneNumber(v), phoneMessage(label));

/** Whether a value is a record of fields: an object, not null and not a list. */
export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A problem of one field, found by a rule that reads several (see `acrossFields`). */
export interface FieldIssue {
  path: string;
  message: string;
}

/**
 * A rule across fields as a check of an object schema: `rule` lists the issues of a parsed
 * record, each on the field the form should show it under. It runs once the fields it `reads`
 * have parsed, even when others have not, so a form shows every message at once. A schema with
 * such a check cannot be made partial: an update of some fields checks the rule on the merged
 * record instead.
 */
export function acrossFields<T extends object>(
  reads: readonly (keyof T & string)[],
  rule: (record: T) => readonly FieldIssue[],
) {
  return z.superRefine<T>(
    (record, ctx) => {
      for (const issue of rule(record)) {
        ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message, input: record });
      }
    },
    {
      // Never on a value that is not an object (null, a list, a string): the object's own check
      // has refused it, and a rule reading its fields would throw.
      when: (payload) =>
        isPlainObject(payload.value) &&
        !payload.issues.some((issue) => reads.includes(issue.path?.[0] as keyof T & string)),
    },
  );
}

/** A link to a child: a UUID, or none ("" and null become null). */
export const optionalId = () =>
  z
    .union([z.literal(""), z.null(), z.uuid({ message: "Must be a valid id" })])
    .optional()
    .transform((v) => (v ? v : null));

export const requiredId = (label: string, required = `${label} is required`) =>
  z.uuid({
    error: (issue) =>
      issue.input === undefined || issue.input === "" || issue.input === null
        ? required
        : `${label} must be a valid id`,
  });

/**
 * The id a device gives a record it makes (a UUID; a UUIDv7 sorts by time), sent with the create:
 * the record is kept under it, and the same create sent again answers that record instead of
 * making another. Left out, the server makes the id.
 */
export const newRecordId = () => z.uuid({ error: "id must be a UUID" }).optional();

/**
 * The shared rule for comma-separated input: split on commas, trim each item, drop empty ones.
 * Empty text gives an empty list. A list passes through the same trimming.
 */
export function splitCommaList(input: string | readonly string[] | null | undefined): string[] {
  const items = Array.isArray(input) ? input : typeof input === "string" ? input.split(",") : [];
  return items.map((s) => s.trim()).filter((s) => s.length > 0);
}

/**
 * A list of short texts, sent as a list or as comma-separated text; both forms leave as a trimmed
 * list and meet the same limits: at most 100 items of at most 200 characters, no NUL.
 */
export const commaList = () =>
  z
    .union([z.string(), z.array(z.string()), z.null()])
    .optional()
    .transform((v, ctx) => {
      const fail = (message: string) => {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      };
      // Checked before splitting, so a huge text is never split.
      if (typeof v === "string" && v.length > MAX_LIST_ITEMS * (MAX_SHORT + 10)) {
        return fail(`At most ${MAX_LIST_ITEMS} items`);
      }
      const items = splitCommaList(v);
      if (items.length > MAX_LIST_ITEMS) return fail(`At most ${MAX_LIST_ITEMS} items`);
      if (items.some((item) => item.length > MAX_SHORT))
        return fail(`Each item must be at most ${MAX_SHORT} characters`);
      if (items.some(hasNul)) return fail(NUL_MESSAGE);
      return items;
    });

export function isRealDate(text: string): boolean {
  const [y, m, d] = text.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** An account's time zone as a request body gives it: an IANA name, anything else refused. */
export const timeZoneField = z
  .string({ error: "Time zone is required" })
  .trim()
  .refine(isValidTimeZone, "Time zone must be a time zone name, such as America/Chicago");
