import type { FastifyRequest } from "fastify";
import { badRequest, HttpError } from "./errors";

/**
 * The versions an edit or a delete was based on (its `If-Match`): "*" for any, else the list it
 * names. A device that read a record offline sends the version it read; a change someone made
 * meanwhile is then a 412 with the record as it is now, not overwritten.
 */
export type VersionCondition = "*" | readonly number[];

/** A record's version as its ETag: `"3"`. */
export const etagOf = (version: number) => `"${version}"`;

const TAG = /^(?:W\/)?"(\d{1,9})"$|^(\d{1,9})$/;

/**
 * The request's `If-Match`, or null without one: `*`, or one or more versions separated by commas,
 * each `"3"` (as the ETag says), `W/"3"` or `3`. Anything else is a 400.
 */
export function ifMatchOf(request: FastifyRequest): VersionCondition | null {
  const header = request.headers["if-match"];
  if (header === undefined) return null;
  const value = (Array.isArray(header) ? header.join(",") : header).trim();
  if (value === "*") return "*";
  const versions = value.split(",").map((part) => {
    const match = TAG.exec(part.trim());
    if (!match) throw badRequest('If-Match must name the version the change is based on, as its ETag: "3"');
    return Number(match[1] ?? match[2]);
  });
  return versions;
}

export const versionMatches = (condition: VersionCondition, version: number) =>
  condition === "*" || condition.includes(version);

/**
 * 412: the record changed since the version the request names. Carries the record as it is now,
 * which the route answers beside the message (through its response schema).
 */
export class StaleVersion extends HttpError {
  constructor(readonly current: { version: number }) {
    super(412, "This record was changed since this version of it was read");
    this.name = "StaleVersion";
  }
}
