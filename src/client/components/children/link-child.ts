import type { FieldValues } from "react-hook-form";
import { z } from "zod";
import { type ChildLinkFormValues, NO_CHILD } from "./child-select-field";

/** Wraps a record schema so the Child field's `NO_CHILD` is sent as null. */
export function linkChild<TSchema extends z.ZodType>(
  schema: TSchema,
): z.ZodType<z.output<TSchema>, FieldValues> {
  return z.preprocess((values) => {
    if (values && typeof values === "object" && (values as ChildLinkFormValues).childId === NO_CHILD) {
      return { ...values, childId: null };
    }
    return values;
  }, schema) as unknown as z.ZodType<z.output<TSchema>, FieldValues>;
}
