import { formatCardDate } from "@/client/lib/format";
import type { InfectionOutcome, InfectionType, InsertionSite, LineType } from "@/domain/picc";
import type { PiccLine } from "./api";

export const INSERTION_SITE_LABELS: Record<InsertionSite, string> = {
  "right-arm": "Right arm",
  "left-arm": "Left arm",
  "right-leg": "Right leg",
  "left-leg": "Left leg",
  chest: "Chest",
  other: "Other",
};

export const LINE_TYPE_LABELS: Record<LineType, string> = {
  "single-lumen": "Single lumen",
  "double-lumen": "Double lumen",
  "triple-lumen": "Triple lumen",
  "power-picc": "Power PICC",
};

export const INFECTION_TYPE_LABELS: Record<InfectionType, string> = {
  bloodstream: "Bloodstream",
  "exit-site": "Exit site",
  tunnel: "Tunnel",
  "catheter-related": "Catheter-related",
  other: "Other",
};

export const OUTCOME_LABELS: Record<InfectionOutcome, string> = {
  resolved: "Resolved",
  "line-removed": "Line removed",
  ongoing: "Ongoing",
  complications: "Complications",
};

/** "Double lumen, right arm, in Jul 5, 2026": how a line is named in lists and selects. */
export function lineLabel(line: PiccLine): string {
  const parts = [
    line.lineType ? LINE_TYPE_LABELS[line.lineType] : "Line",
    line.insertionSite ? INSERTION_SITE_LABELS[line.insertionSite].toLowerCase() : null,
  ];
  return `${parts.filter(Boolean).join(", ")}, in ${formatCardDate(line.insertionDate)}`;
}
