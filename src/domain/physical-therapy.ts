import { z } from "zod";
import {
  commaList,
  isoDate,
  optionalId,
  optionalInt,
  optionalIsoDate,
  optionalText,
  optionalTime,
  requiredText,
} from "./fields";

export const physicalTherapySessionInput = z.object({
  childId: optionalId(),
  date: isoDate("Date"),
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
