import type { CareTeamMember, InfusionCenter, PiccLine } from "@/client/lib/care-contacts-api";
import { formatTime } from "@/client/lib/format";
import { FEVER_PLAN } from "@/domain/fever-plan";
import {
  formatTemperature,
  TEMPERATURE_SITE_LABELS,
  type TemperatureSite,
  type TemperatureUnit,
} from "@/domain/vitals";

/** The reading a fever card is about. */
export interface FeverReading {
  /** °C. */
  value: number;
  /** `yyyy-MM-dd`. */
  date: string;
  /** `HH:mm`, when it was written down. */
  time: string | null;
  site: TemperatureSite | null;
}

/** "Fever 38.3 °C at 03:10" (the new infection record's symptoms); "on 2026-11-27" without a time. */
export function feverSymptoms(reading: FeverReading, unit: TemperatureUnit): string {
  const when = reading.time ? `at ${formatTime(reading.time)}` : `on ${reading.date}`;
  return `Fever ${formatTemperature(reading.value, unit)} ${when}`;
}

/** "38.3 °C (under the arm) at 03:10": the reading in the family's unit, with where and when. */
export function readingText(reading: FeverReading, unit: TemperatureUnit): string {
  const site = reading.site ? ` (${TEMPERATURE_SITE_LABELS[reading.site].toLowerCase()})` : "";
  return `${formatTemperature(reading.value, unit)}${site}${reading.time ? ` at ${formatTime(reading.time)}` : ""}`;
}

/**
 * What to tell the care team or the emergency department: the fever plan's sentences, in their
 * order, with the reading itself after the first ("The temperature was 38.3 °C (under the arm) at
 * 03:10.").
 */
export function tellThemLines(reading: FeverReading, unit: TemperatureUnit): string[] {
  const [first, ...rest] = FEVER_PLAN.tellThem;
  return [first, `The temperature was ${readingText(reading, unit)}.`, ...rest];
}

/** Digits and a leading + for a `tel:` link; null when nothing dialable is left. */
export function dialable(phone: string | null | undefined): string | null {
  const digits = (phone ?? "").replace(/[^\d+]/g, "").replace(/(?!^)\+/g, "");
  return /\d{3,}/.test(digits) ? digits : null;
}

/** One number to call from the fever card. */
export interface CallTarget {
  key: string;
  name: string;
  /** "Gastroenterologist", "Infusion center". */
  detail: string;
  phone: string;
  tel: string;
}

/** The care team members and infusion centers with a dialable phone: the team first, in list order. */
export function callTargets(
  team: readonly CareTeamMember[],
  centers: readonly InfusionCenter[],
): CallTarget[] {
  const targets: CallTarget[] = [];
  for (const member of team) {
    const tel = dialable(member.phone);
    if (tel && member.phone) {
      const detail = [member.role, member.hospital].filter(Boolean).join(", ");
      targets.push({ key: `team:${member.id}`, name: member.name, detail, phone: member.phone, tel });
    }
  }
  for (const center of centers) {
    if (!center.isActive) continue;
    const tel = dialable(center.phone);
    if (tel && center.phone) {
      const detail = center.contactPerson ? `Infusion center, ${center.contactPerson}` : "Infusion center";
      targets.push({ key: `center:${center.id}`, name: center.name, detail, phone: center.phone, tel });
    }
  }
  return targets;
}

/**
 * The line in place on the reading's day: inserted by then and not removed before it, the most
 * recently inserted first; null when the child has none.
 */
export function lineInPlaceOn(lines: readonly PiccLine[], date: string): PiccLine | null {
  const inPlace = lines.filter(
    (line) => line.insertionDate <= date && (!line.removalDate || line.removalDate >= date),
  );
  inPlace.sort((a, b) => b.insertionDate.localeCompare(a.insertionDate));
  return inPlace[0] ?? null;
}
