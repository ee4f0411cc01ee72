import { z } from "zod";
import { commaList, oneOf, optionalId, requiredText } from "./fields";
import { childLinkField, recordBase, textList, type Wire } from "./records";

export const NOTE_CATEGORIES = ["general", "medical", "appointment", "medication", "emergency"] as const;
export const NOTE_PRIORITIES = ["low", "medium", "high"] as const;
export type NoteCategory = (typeof NOTE_CATEGORIES)[number];
export type NotePriority = (typeof NOTE_PRIORITIES)[number];

/** How each value reads on the forms, the cards and in the exports. */
export const NOTE_CATEGORY_LABELS: Record<NoteCategory, string> = {
  general: "General",
  medical: "Medical",
  appointment: "Appointment",
  medication: "Medication",
  emergency: "Emergency",
};

export const NOTE_PRIORITY_LABELS: Record<NotePriority, string> = {
  low: "Low",
  medium: "Medium",
  high: "High",
};

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

export const noteRecord = z.object({
  ...recordBase,
  ...childLinkField,
  title: z.string(),
  content: z.string(),
  category: z.enum(NOTE_CATEGORIES),
  tags: textList,
  priority: z.enum(NOTE_PRIORITIES),
});
export type Note = Wire<typeof noteRecord>;
