import { z } from "zod";

/**
 * Field builders shared by every record schema, on the server (request validation) and in the
 * client's forms. Optional text arrives as a string, an empty string or null and leaves as a
 * trimmed string or null, so "" is never stored.
 */

const MAX_SHORT = 200;
const MAX_LONG = 10_000;

export const requiredText = (label: string, max = MAX_SHORT) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const optionalText = (max = MAX_LONG) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** A calendar date as yyyy-MM-dd, checked to exist (no 2024-02-30). */
export const isoDate = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (yyyy-MM-dd)`)
    .refine(isRealDate, `${label} must be a real date`);

export const optionalIsoDate = (label: string) =>
  z
    .union([z.literal(""), z.null(), isoDate(label)])
    .optional()
    .transform((v) => (v ? v : null));

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
export const oneOf = <const T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined || issue.input === ""
        ? `${label} is required`
        : `${label} must be one of: ${values.join(", ")}`,
  });

/** An integer that may be left empty (""/null/undefined become null); numeric text is accepted. */
export const optionalInt = (label: string, min: number, max: number) =>
  z
    .union([z.literal(""), z.null(), z.number(), z.string().trim()])
    .optional()
    .transform((v, ctx) => {
      if (v === "" || v === null || v === undefined) return null;
      const n = typeof v === "number" ? v : Number(v);
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

/** A link to a child: a UUID, or none ("" and null become null). */
export const optionalId = () =>
  z
    .union([z.literal(""), z.null(), z.uuid({ message: "Must be a valid id" })])
    .optional()
    .transform((v) => (v ? v : null));

export const requiredId = (label: string) =>
  z.uuid({
    error: (issue) =>
      issue.input === undefined || issue.input === ""
        ? `${label} is required`
        : `${label} must be a valid id`,
  });

/**
 * The shared rule for comma-separated input: split on commas, trim each item, drop empty ones.
 * Empty text gives an empty list. A list passes through the same trimming.
 */
export function splitCommaList(input: string | readonly string[] | null | undefined): string[] {
  const items = Array.isArray(input) ? input : typeof input === "string" ? input.split(",") : [];
  return items.map((s) => s.trim()).filter((s) => s.length > 0);
}

export const commaList = () =>
  z
    .union([z.string(), z.array(z.string().max(MAX_SHORT)).max(100), z.null()])
    .optional()
    .transform((v) => splitCommaList(v));

export function isRealDate(text: string): boolean {
  const [y, m, d] = text.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
