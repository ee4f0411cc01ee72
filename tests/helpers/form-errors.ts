import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldValues } from "react-hook-form";
import type { z } from "zod";

/**
 * The message a record form shows under each of its fields for these values: the schema run
 * through the same resolver the forms use, so an issue on the wrong path shows up here.
 */
export async function formFieldErrors(
  schema: z.ZodType<unknown, FieldValues>,
  values: FieldValues,
): Promise<Record<string, unknown>> {
  const { errors } = await zodResolver(schema)(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  return Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error?.message]));
}
