/**
 * How a family writes the time of day: "24h" (14:30) or "12h" (2:30 PM), one setting per family
 * (`families.time_format`) that every screen, message and export follows. Times travel and are
 * kept as "HH:mm" whatever the setting; only what a person reads and types changes.
 */
export const TIME_FORMATS = ["24h", "12h"] as const;
export type TimeFormat = (typeof TIME_FORMATS)[number];
export const DEFAULT_TIME_FORMAT: TimeFormat = "24h";

export const TIME_FORMAT_LABELS: Record<TimeFormat, string> = {
  "24h": "24-hour (14:30)",
  "12h": "12-hour (2:30 PM)",
};

/** "HH:mm" (or "HH:mm:ss") as the family writes it: "00:49" or "12:49 AM". Empty for no time. */
export function formatTimeOfDay(time: string | null | undefined, timeFormat: TimeFormat): string {
  const match = time ? /^(\d{1,2}):(\d{2})/.exec(time) : null;
  if (!match) return time ?? "";
  const hours = Number(match[1]);
  const minutes = match[2];
  if (timeFormat === "24h") return `${String(hours).padStart(2, "0")}:${minutes}`;
  const suffix = hours < 12 ? "AM" : "PM";
  return `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${suffix}`;
}

/**
 * A time as a person types it, in either format ("2:30 pm", "14:30", "1430", "7 pm"), as "HH:mm";
 * undefined when it is not a time of day.
 */
export function parseTimeOfDay(typed: string): string | undefined {
  const match = /^\s*(\d{1,2})(?:[:.h]?(\d{2}))?\s*([ap])?\.?\s*(?:m\.?)?\s*$/i.exec(typed);
  if (!match) return undefined;
  let hours = Number(match[1]);
  const minutes = Number(match[2] ?? "0");
  const half = match[3]?.toLowerCase();
  if (minutes > 59) return undefined;
  if (half) {
    if (hours < 1 || hours > 12) return undefined;
    hours = (hours % 12) + (half === "p" ? 12 : 0);
  } else if (hours > 23 || match[2] === undefined) {
    return undefined;
  }
  return `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
}

/** The format a locale writes times in ("en-US": 12h, "en-GB": 24h): a new family's default. */
export function hourCycleFormat(locale?: string): TimeFormat {
  const cycle = new Intl.DateTimeFormat(locale, { hour: "numeric" }).resolvedOptions().hourCycle;
  return cycle === "h12" || cycle === "h11" ? "12h" : "24h";
}
