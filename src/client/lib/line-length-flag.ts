import { externalLengthMoved } from "@/domain/line-care";

/** "1.5", "2": a length in cm as the flag says it (one decimal at most). */
const cm = (value: number) => String(Math.round(value * 10) / 10);

/**
 * What to say when a line's measured external length differs from its length at insertion by
 * more than 1 cm (a line that may have moved: `externalLengthMoved`); null when it has not, or
 * when either length is unknown.
 */
export function lengthFlagText(atInsertionCm: number | null, measuredCm: number | null): string | null {
  if (atInsertionCm === null || measuredCm === null) return null;
  if (!externalLengthMoved(atInsertionCm, measuredCm)) return null;
  return `Moved ${cm(Math.abs(measuredCm - atInsertionCm))} cm since insertion: call the care team before using the line`;
}

/** A length typed in a form ("14.5"), or null when empty or not a number. */
export function typedLength(value: string | undefined): number | null {
  const text = value?.trim() ?? "";
  if (!/^\d{1,6}(\.\d+)?$/.test(text)) return null;
  return Number(text);
}
