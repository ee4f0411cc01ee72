import { formatCardDate } from "@/client/lib/format";
import { INSERTION_SITE_LABELS, LINE_TYPE_LABELS } from "@/domain/picc";
import type { PiccLine } from "./api";

/** "Double lumen, right arm, in Jul 5, 2026": how a line is named in lists and selects. */
export function lineLabel(line: PiccLine): string {
  const parts = [
    line.lineType ? LINE_TYPE_LABELS[line.lineType] : "Line",
    line.insertionSite ? INSERTION_SITE_LABELS[line.insertionSite].toLowerCase() : null,
  ];
  return `${parts.filter(Boolean).join(", ")}, in ${formatCardDate(line.insertionDate)}`;
}
