import { z } from "zod";
import { isoDate, optionalId, optionalText, optionalTime, requiredText } from "./fields";

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
