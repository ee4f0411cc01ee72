import { createHash } from "node:crypto";
import type { Annotation, CodeableConcept } from "@medplum/fhirtypes";
import { instantOf, zonedDateTime } from "../../../domain/clock";

/** A section's row as `context.rows` yields it: the table's columns without the owner. */
export type Row<T extends { $inferSelect: object }> = Omit<T["$inferSelect"], "userId">;

export const TERMINOLOGY = "http://terminology.hl7.org/CodeSystem";
export const UCUM = "http://unitsofmeasure.org";
export const urn = (id: string) => `urn:uuid:${id}`;
export const opt = <T>(value: T | null) => value ?? undefined;
export const text = (value: string | null | undefined): CodeableConcept => ({ text: value ?? undefined });
export const coded = (system: string, code: string, display: string): CodeableConcept => ({
  coding: [{ system, code, display }],
});
export const category = (code: string, display: string) => [
  coded(`${TERMINOLOGY}/observation-category`, code, display),
];
export const annotations = (...texts: (string | false | null | undefined)[]): Annotation[] =>
  texts.filter((t): t is string => Boolean(t)).map((t) => ({ text: t }));

/** A UUID named by its parts (the same on every export), for resources no single row stands for. */
export function namedUuid(...parts: string[]): string {
  const h = createHash("sha256").update(parts.join("\n")).digest("hex");
  const variant = ((Number.parseInt(h[16]!, 16) & 3) | 8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * A record's day and 'HH:mm' as one moment. A record keeps the wall-clock time the family typed:
 * it means that time in the family's zone (src/domain/clock.ts).
 */
export function localMoment(date: string, time: string | null, timeZone: string): Date {
  return instantOf(date, time ?? "00:00", timeZone);
}

/**
 * A record's day and time as a FHIR dateTime: with a time, the wall-clock time and the offset the
 * family's zone has on that date (21:33 in Chicago in November is `21:33:00-06:00`, in July
 * `-05:00`); without one, the date alone.
 */
export const dateTime = (date: string, time: string | null, timeZone: string) =>
  time ? zonedDateTime(date, time, timeZone) : date;
