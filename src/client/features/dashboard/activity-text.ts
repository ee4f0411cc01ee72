import { formatDistance } from "date-fns";
import { formatListDate, parseDateValue } from "@/client/lib/format";
import type { ActivityItem } from "./api";

const VERBS: Record<ActivityItem["action"], string> = {
  create: "Added",
  update: "Updated",
  delete: "Deleted",
};

/**
 * How each audited record type is named. `strip` removes the start of the server's summary that
 * would repeat the name ("TPN entry for 2025-01-05" -> "Added TPN entry for Jan 05, 2025").
 */
const ENTITIES: Record<string, { label: string; strip?: RegExp }> = {
  care_team_member: { label: "care team member" },
  child: { label: "child profile" },
  tpn_entry: { label: "TPN entry", strip: /^TPN entry\s+/i },
  specialist_visit: { label: "specialist visit" },
  lab_test: { label: "lab test" },
  symptom_entry: { label: "symptom entry", strip: /^Symptoms\s+/i },
  medical_allergy: { label: "medical allergy" },
  note: { label: "note" },
  physical_therapy_session: { label: "therapy session", strip: /^Therapy\s+/i },
  medication: { label: "medication" },
  food_diary_entry: { label: "food diary entry" },
  infusion_center: { label: "infusion center" },
  tpn_supply: { label: "TPN supply" },
  supply_usage: { label: "supply usage" },
  supply_receipt: { label: "supply delivery" },
  supply_count: { label: "stock count" },
  picc_line: { label: "PICC line" },
  picc_infection: { label: "line infection" },
  medical_photo: { label: "medical photo" },
};

/** Changes that are not about one record. */
const WHOLE: Record<string, string> = {
  child_profile: "Deleted the child profile and all care records",
};

const ISO_DAY = /\b\d{4}-\d{2}-\d{2}\b/g;

/**
 * "Added care team member Dr. P (GI)", "Updated lab test CBC". A deleted record's changes carry no
 * summary (its content left with it): "Deleted a lab test", "Added an allergy".
 */
export function activityText(item: Pick<ActivityItem, "action" | "entity" | "summary">): string {
  const whole = WHOLE[item.entity];
  if (whole) return whole;
  const entity = ENTITIES[item.entity] ?? { label: item.entity.replaceAll("_", " ") };
  const verb = VERBS[item.action] ?? "Changed";
  if (item.summary === null) return `${verb} ${/^[aeiou]/i.test(entity.label) ? "an" : "a"} ${entity.label}`;
  const summary = item.summary
    .replace(entity.strip ?? /$^/, "")
    .replace(ISO_DAY, (day) => formatListDate(day) || day)
    .trim();
  return [verb, entity.label, summary].filter(Boolean).join(" ");
}

/** "Just now", "3 min ago", "2 hours ago", in the same words as the onboarding hints. */
export function activityTime(createdAt: string, now: Date = new Date()): string {
  const date = parseDateValue(createdAt);
  if (Number.isNaN(date.getTime())) return "";
  if (now.getTime() - date.getTime() < 60_000) return "Just now";
  return formatDistance(date, now, { addSuffix: true })
    .replace(/^(about|almost|over) /, "")
    .replace(/ minutes? /, " min ");
}
