import { z } from "zod";
import { optionalId, optionalPhone, optionalText, requiredText } from "./fields";
import { childLinkField, nullableText, recordBase, type Wire } from "./records";

/** Spec section 9: blood draws and bandage changes per week, 0 to 7. */
export const MAX_PER_WEEK = 7;

/** A weekly count: coerced to a number (spec section 5), 0 to 7, 0 when empty. */
const perWeek = (label: string) =>
  z
    .union([z.literal(""), z.null(), z.number(), z.string().trim()])
    .optional()
    .transform((v, ctx) => {
      if (v === "" || v === null || v === undefined) return 0;
      const n = typeof v === "number" ? v : /^\d{1,2}$/.test(v) ? Number(v) : Number.NaN;
      if (!Number.isInteger(n) || n < 0 || n > MAX_PER_WEEK) {
        ctx.addIssue({
          code: "custom",
          message: `${label} must be a whole number from 0 to ${MAX_PER_WEEK}`,
        });
        return z.NEVER;
      }
      return n;
    });

export const infusionCenterInput = z.object({
  childId: optionalId(),
  name: requiredText("Name"),
  address: optionalText(500),
  phone: optionalPhone("Phone"),
  email: z
    .union([z.literal(""), z.null(), z.email({ message: "Email must be a valid email address" }).max(320)])
    .optional()
    .transform((v) => (v ? v : null)),
  contactPerson: optionalText(200),
  bloodDrawsPerWeek: perWeek("Blood draws per week"),
  bandageChangesPerWeek: perWeek("Bandage changes per week"),
  notes: optionalText(),
});
export type InfusionCenterInput = z.input<typeof infusionCenterInput>;

export const infusionCenterRecord = z.object({
  ...recordBase,
  ...childLinkField,
  name: z.string(),
  address: nullableText,
  phone: nullableText,
  email: nullableText,
  contactPerson: nullableText,
  bloodDrawsPerWeek: z.number().int(),
  bandageChangesPerWeek: z.number().int(),
  notes: nullableText,
  isActive: z.boolean(),
});
export type InfusionCenter = Wire<typeof infusionCenterRecord>;

export { infusionCenterTotals } from "./infusion-center-totals";
