import { formatCardDate, formatTime } from "@/client/lib/format";
import {
  DRESSING_TYPE_LABELS,
  LINE_CARE_LABELS,
  LOCK_SOLUTION_LABELS,
  SITE_FINDING_LABELS,
} from "@/domain/line-care";
import type { LineCareEvent } from "../api";

type EventFields = Pick<
  LineCareEvent,
  | "kind"
  | "dressingType"
  | "withLipids"
  | "lipidsAlone"
  | "lockSolution"
  | "dwellMinutes"
  | "findings"
  | "externalLengthCm"
  | "alteplaseUsed"
  | "repaired"
>;

const yesNo = (value: boolean | null, yes: string, no: string) => (value === null ? null : value ? yes : no);

/** "Dressing change: Transparent", "Site check: Redness, Swelling": an event's title. */
export function eventTitle(event: EventFields): string {
  const label = LINE_CARE_LABELS[event.kind];
  if (event.kind === "dressing" && event.dressingType)
    return `${label}: ${DRESSING_TYPE_LABELS[event.dressingType]}`;
  if (event.kind === "site-check" && event.findings?.length)
    return `${label}: ${event.findings.map((f) => SITE_FINDING_LABELS[f]).join(", ")}`;
  if (event.kind === "external-length" && event.externalLengthCm !== null)
    return `${label}: ${event.externalLengthCm} cm`;
  return label;
}

/** The event's other details, each a short phrase ("With lipids", "Ethanol", "Dwell 120 minutes"). */
export function eventDetails(event: EventFields): string[] {
  const details: (string | null)[] = [];
  switch (event.kind) {
    case "dressing":
      details.push(event.externalLengthCm === null ? null : `External length ${event.externalLengthCm} cm`);
      break;
    case "tubing":
      details.push(
        event.lipidsAlone ? "Lipids alone" : yesNo(event.withLipids, "With lipids", "Without lipids"),
      );
      break;
    case "lock":
      details.push(event.lockSolution ? LOCK_SOLUTION_LABELS[event.lockSolution] : null);
      details.push(event.dwellMinutes === null ? null : `Dwell ${event.dwellMinutes} minutes`);
      break;
    case "occlusion":
      details.push(yesNo(event.alteplaseUsed, "Alteplase used", "No alteplase"));
      break;
    case "breakage":
      details.push(yesNo(event.repaired, "Repaired", "Not repaired"));
      break;
    default:
      break;
  }
  return details.filter((d): d is string => d !== null);
}

/** Whether a site check saw anything but a normal site. */
export const sawSomething = (event: Pick<LineCareEvent, "kind" | "findings">) =>
  event.kind === "site-check" && (event.findings ?? []).some((f) => f !== "normal");

/** "Nov 20, 2026 at 09:00", or the date alone when no time was given. */
export function eventWhen(event: Pick<LineCareEvent, "date" | "time">): string {
  const date = formatCardDate(event.date);
  return event.time ? `${date} at ${formatTime(event.time)}` : date;
}

/** A rate per 1,000 catheter-days with its count: "2.4 (1)"; "—" without catheter-days. */
export function rateCell(rate: number | null, count: number): string {
  return rate === null ? "—" : `${rate.toLocaleString("en-US")} (${count.toLocaleString("en-US")})`;
}
