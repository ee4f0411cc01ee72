import { createHash } from "node:crypto";
import type { Annotation, CodeableConcept } from "@medplum/fhirtypes";
import { format } from "date-fns";

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
 * A record's day and 'HH:mm' as one moment. The app keeps no time zone with a time and reads days
 * in the server's local calendar (`today()`), so the server's offset is the one it means.
 */
export function localMoment(date: string, time: string | null): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const [h, min] = (time ?? "00:00").split(":").map(Number) as [number, number];
  return new Date(y, m - 1, d, h, min);
}
export const dateTime = (date: string, time: string | null) =>
  time ? format(localMoment(date, time), "yyyy-MM-dd'T'HH:mm:ssxxx") : date;
