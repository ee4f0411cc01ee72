import { z } from "zod";

/**
 * The building blocks of response schemas: what a record looks like on the wire. The server
 * encodes its rows through these (nothing unlisted leaves it); the client's record types are
 * their wire side (`Wire<typeof careTeamMemberRecord>`).
 */

/** A timestamp: a Date on the server, ISO 8601 text on the wire. */
export const timestamp = z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

/** A date-only field: yyyy-MM-dd on both sides. */
export const dateOnly = z.string();
export const nullableText = z.string().nullable();
export const nullableDate = z.string().nullable();
export const nullableInt = z.number().int().nullable();
/** A decimal kept as text ("1200.50") so no precision is lost. */
export const nullableDecimal = z.string().nullable();
export const textList = z.array(z.string());

/**
 * Who added a record and who changed it last, by id and by name ("First Last", else the email);
 * null when that account is gone, or for a record restored from a backup.
 */
export const authorFields = {
  createdBy: z.uuid().nullable(),
  updatedBy: z.uuid().nullable(),
  createdByName: z.string().nullable(),
  updatedByName: z.string().nullable(),
};

/**
 * How many times a record was written: 1 when added, one more with each change. Single records
 * are also answered with it as their `ETag` (`"3"`); an edit or a delete sent with `If-Match: "3"`
 * is refused (412, with the record as it is now) once someone changed it since.
 */
export const recordVersion = z.number().int();

/** The fields every record has. */
export const recordBase = {
  id: z.uuid(),
  version: recordVersion,
  createdAt: timestamp,
  updatedAt: timestamp,
  ...authorFields,
};

/** A record linked to one of the family's children, or to none. */
export const childLinkField = { childId: z.uuid().nullable() };

/** A record as the client receives it (JSON): the wire side of a response schema. */
export type Wire<T extends z.ZodType> = z.input<T>;
