import { z } from "zod";
import { isoDate, optionalId, optionalText, optionalTime, requiredText } from "./fields";
import { childLinkField, dateOnly, nullableText, recordBase, type Wire } from "./records";

export const specialistVisitInput = z.object({
  childId: optionalId(),
  doctorName: requiredText("Doctor name"),
  specialty: requiredText("Specialty"),
  date: isoDate("Date"),
  time: optionalTime(),
  location: optionalText(300),
  purpose: optionalText(),
  notes: optionalText(),
  /** Free text: what follow-up is needed, if any. */
  followUpNeeded: optionalText(),
});

export type SpecialistVisitInput = z.input<typeof specialistVisitInput>;

export const specialistVisitRecord = z.object({
  ...recordBase,
  ...childLinkField,
  doctorName: z.string(),
  specialty: z.string(),
  date: dateOnly,
  time: nullableText,
  location: nullableText,
  purpose: nullableText,
  notes: nullableText,
  followUpNeeded: nullableText,
});
export type SpecialistVisit = Wire<typeof specialistVisitRecord>;
