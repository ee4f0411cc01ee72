import type { FieldValues } from "react-hook-form";
import { z } from "zod";
import { CHOOSE_CHILD, CHOOSE_CHILD_MESSAGE, type ChildLinkFormValues, NO_CHILD } from "./child-select-field";

/**
 * Wraps a record schema so the Child field's `NO_CHILD` is sent as null, and a Child field still
 * unchosen (`CHOOSE_CHILD`) stops the save with a message under the field.
 */
export function linkChild<TSchema extends z.ZodType>(
  schema: TSchema,
): z.ZodType<z.output<TSchema>, FieldValues> {
  return z.preprocess((values, ctx) => {
    if (!values || typeof values !== "object") return values;
    const { childId } = values as ChildLinkFormValues;
    if (childId === CHOOSE_CHILD) {
      ctx.addIssue({ code: "custom", path: ["childId"], message: CHOOSE_CHILD_MESSAGE });
      return values;
    }
    if (childId === NO_CHILD) return { ...values, childId: null };
    return values;
  }, schema) as unknown as z.ZodType<z.output<TSchema>, FieldValues>;
}
