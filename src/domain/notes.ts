import { z } from "zod";
import { commaList, oneOf, optionalId, requiredText } from "./fields";

export const NOTE_CATEGORIES = ["general", "medical", "appointment", "medication", "emergency"] as const;
export const NOTE_PRIORITIES = ["low", "medium", "high"] as const;
export type NotePriority = (typeof NOTE_PRIORITIES)[number];

export const noteInput = z.object({
  childId: optionalId(),
  title: requiredText("Title"),
  content: requiredText("Content", 20_000),
  /** Missing: the stored default, 'general'. */
  category: oneOf("Category", NOTE_CATEGORIES).optional(),
  /** Typed comma-separated; stored as a trimmed list. */
  tags: commaList(),
  /** Missing: the stored default, 'medium'. */
  priority: oneOf("Priority", NOTE_PRIORITIES).optional(),
});

export type NoteInput = z.input<typeof noteInput>;
