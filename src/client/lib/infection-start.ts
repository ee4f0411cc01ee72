import { PAGE_CHILD_PARAM } from "@/client/lib/page-child";

/**
 * How another screen opens PICC Lines on a new infection record with some of it filled in (the
 * fever card's "Start an infection record"):
 * `/picc-lines?tab=infections&add=1&child=<id>&lineId=<id>&date=<yyyy-MM-dd>&type=bloodstream&symptoms=<text>`.
 * PICC Lines reads it once (`readInfectionStart`) and takes it out of the address.
 */
export interface InfectionStart {
  childId: string;
  /** The line in place, when there is one. */
  lineId: string | null;
  /** `yyyy-MM-dd`. */
  date: string;
  infectionType: "bloodstream";
  symptoms: string;
}

export const INFECTION_START_PARAMS = ["tab", "add", "lineId", "date", "type", "symptoms"] as const;

export function infectionStartHref(start: InfectionStart): string {
  const params = new URLSearchParams({ tab: "infections", add: "1", [PAGE_CHILD_PARAM]: start.childId });
  if (start.lineId) params.set("lineId", start.lineId);
  params.set("date", start.date);
  params.set("type", start.infectionType);
  if (start.symptoms) params.set("symptoms", start.symptoms);
  return `/picc-lines?${params}`;
}

/** What an address asks of PICC Lines: the tab to show, and the new infection's values to start from. */
export function readInfectionStart(search: string): {
  tab: "infections" | null;
  add: boolean;
  values: { piccLineId?: string; infectionDate?: string; infectionType?: string; symptoms?: string };
} {
  const params = new URLSearchParams(search);
  const tab = params.get("tab") === "infections" ? "infections" : null;
  const date = params.get("date");
  const type = params.get("type");
  const values = {
    ...(params.get("lineId") ? { piccLineId: params.get("lineId") ?? "" } : {}),
    ...(date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? { infectionDate: date } : {}),
    ...(type === "bloodstream" ? { infectionType: type } : {}),
    ...(params.get("symptoms") ? { symptoms: (params.get("symptoms") ?? "").slice(0, 500) } : {}),
  };
  return { tab, add: tab === "infections" && params.get("add") === "1", values };
}
