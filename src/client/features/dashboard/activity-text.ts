import { formatDistance } from "date-fns";
import { formatListDate, parseDateValue } from "@/client/lib/format";
import { personLabel } from "@/client/lib/record-authors";
import { SHARED_RECORD_TYPES } from "@/client/lib/record-types";
import type { ActivityName } from "@/domain/record-types/declaration";
import type { ActivityItem } from "./api";

/** The same words as a card's "Added by Maria · changed by Tom". */
const VERBS: Record<ActivityItem["action"], string> = {
  create: "added",
  update: "changed",
  delete: "deleted",
};

/**
 * How each audited record type is named, from its declaration (src/domain/record-types). `strip`
 * removes the start of the server's summary that would repeat the name ("TPN entry for
 * 2025-01-05" -> "Added TPN entry for Jan 05, 2025").
 */
const ENTITIES: Readonly<Record<string, ActivityName>> = Object.assign(
  {},
  ...SHARED_RECORD_TYPES.map((type) => type.activity),
);

/** Changes that are not about one record. */
const WHOLE: Record<string, string> = {
  child_profile: "deleted the child profile and all care records",
};

const ISO_DAY = /\b\d{4}-\d{2}-\d{2}\b/g;

/**
 * Who did what: "Grace added care team member Dr. P (GI)", "You changed lab test CBC" (the reader's
 * own, `viewerId`). A deleted record's changes carry no summary (its content left with it): "Grace
 * deleted a lab test". When the account that made the change is gone, nothing is said of who:
 * "Added an infusion center". A change a program sent with a personal API token says which:
 * "Grace added medication dose Iron (by token Home Assistant)".
 */
export function activityText(
  item: Pick<ActivityItem, "action" | "entity" | "summary"> &
    Partial<Pick<ActivityItem, "actorId" | "actorName" | "viaToken">>,
  viewerId: string | null = null,
): string {
  const actor = personLabel(item.actorId, item.actorName, viewerId);
  const said = sentence(actor === "you" ? "You" : actor, whatWasDone(item));
  return item.viaToken ? `${said} (by token ${item.viaToken})` : said;
}

/** "added care team member Dr. P (GI)", "deleted a lab test": the change, without who. */
function whatWasDone(item: Pick<ActivityItem, "action" | "entity" | "summary">): string {
  const whole = WHOLE[item.entity];
  if (whole) return whole;
  const entity = ENTITIES[item.entity] ?? { label: item.entity.replaceAll("_", " ") };
  const verb = VERBS[item.action] ?? "changed";
  if (item.summary === null) return `${verb} ${/^[aeiou]/i.test(entity.label) ? "an" : "a"} ${entity.label}`;
  const summary = item.summary
    .replace(entity.strip ?? /$^/, "")
    .replace(ISO_DAY, (day) => formatListDate(day) || day)
    .trim();
  return [verb, entity.label, summary].filter(Boolean).join(" ");
}

/** "Grace added ...", or "Added ..." when nobody can be named. */
function sentence(actor: string | null, done: string): string {
  return actor ? `${actor} ${done}` : done.charAt(0).toUpperCase() + done.slice(1);
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
