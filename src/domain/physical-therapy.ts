import { z } from "zod";
import {
  commaList,
  optionalId,
  optionalInt,
  optionalIsoDate,
  optionalText,
  optionalTime,
  pastDate,
  requiredText,
} from "./fields";
import {
  childLinkField,
  dateOnly,
  nullableDate,
  nullableInt,
  nullableText,
  recordBase,
  textList,
  type Wire,
} from "./records";

export const physicalTherapySessionInput = z.object({
  childId: optionalId(),
  date: pastDate("Date"),
  time: optionalTime(),
  therapist: requiredText("Therapist"),
  location: optionalText(300),
  exercises: commaList(),
  /** Minutes, or null when not entered. */
  duration: optionalInt("Duration", 0, 1440),
  progress: optionalText(),
  notes: optionalText(),
  nextSession: optionalIsoDate("Next session"),
});

export type PhysicalTherapySessionInput = z.input<typeof physicalTherapySessionInput>;

export const physicalTherapySessionRecord = z.object({
  ...recordBase,
  ...childLinkField,
  date: dateOnly,
  time: nullableText,
  therapist: z.string(),
  location: nullableText,
  exercises: textList,
  duration: nullableInt,
  progress: nullableText,
  notes: nullableText,
  nextSession: nullableDate,
});
export type PhysicalTherapySession = Wire<typeof physicalTherapySessionRecord>;
