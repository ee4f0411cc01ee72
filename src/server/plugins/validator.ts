import type { FastifySchemaCompiler } from "fastify";
import { validatorCompiler as zodValidatorCompiler } from "fastify-type-provider-zod";
import type { z } from "zod";
import { isPlainObject } from "../../domain/fields";
import { badRequest } from "../lib/errors";

export const NOT_AN_OBJECT = "The request body must be a JSON object.";

/**
 * Validates each route's parts with its zod schema. Every body the API reads is a record of
 * fields, so a body that is not a JSON object (null, a list, a string, a number, none at all) is
 * refused here, for every route at once, before its schema (whose rules read fields) sees it.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  if (route.httpPart !== "body") return validate;
  return (data) => (isPlainObject(data) ? validate(data) : { error: badRequest(NOT_AN_OBJECT) });
};
