import { familyTimeFormat } from "@/client/lib/family-clock";
import { formatClockTime, formatDateTime } from "@/client/lib/format";
import type { OutboxEntry, Refusal } from "@/client/lib/outbox/entry";
import { familyClock, todayIn } from "@/domain/clock";
import { doseMomentText } from "@/domain/dose-moments";
import { type KitDrawLine, kitDrawNote } from "@/domain/supply-kits";

/** "1 entry waiting to send", "3 entries waiting to send". */
export const waitingText = (count: number) =>
  count === 1 ? "1 entry waiting to send" : `${count} entries waiting to send`;

/** Entries kept for someone else than the person signed in: never sent under this account. */
export function heldText(count: number, whose: "person" | "family"): string {
  const entries = count === 1 ? "1 entry" : `${count} entries`;
  const is = count === 1 ? "is" : "are";
  return whose === "person"
    ? `${entries} saved by another person on this device ${is} held: sent only when they sign in again.`
    : `${entries} saved in another of your families ${is} held: sent when you switch to it.`;
}

/** When an entry was saved on this device, on the family's clock: "14:10" today, else with its date. */
export function savedWhen(entry: Pick<OutboxEntry, "savedAt">, now: Date = new Date()): string {
  const at = new Date(entry.savedAt);
  const { timeZone } = familyClock();
  return todayIn(timeZone, at) === todayIn(timeZone, now)
    ? formatClockTime(at, timeZone)
    : formatDateTime(at, timeZone);
}

/**
 * The question or reason of a refused entry. A dose someone recorded while this one waited is
 * named (when, by whom): both may have been given, or the two may be one dose logged twice.
 */
export function refusalQuestion(refused: Refusal, now: Date): string {
  if (!refused.tooSoon) return refused.message;
  const { givenAt, givenBy } = refused.tooSoon.lastDose;
  const when = doseMomentText(givenAt, familyClock().timeZone, now, familyTimeFormat());
  return `Another dose was recorded at ${when}${givenBy ? ` by ${givenBy}` : ""} while this one waited. Were both given?`;
}

/**
 * What the toast says of entries that arrived together: each by its label, then what a bag's or a
 * dressing change's kit drew from the supplies on arrival (and what was short), as a save made
 * with the connection says it.
 */
export function sentText(sent: readonly { entry: Pick<OutboxEntry, "label">; record: unknown }[]): string {
  const labels = sent.map((s) => s.entry.label);
  const arrived =
    labels.length === 1
      ? `The ${labels[0]} saved on this phone has arrived.`
      : `The ${labels.length} entries saved on this phone have arrived: ${labels.join("; ")}.`;
  const kits = sent.flatMap(({ record }) => {
    if (!record || typeof record !== "object") return [];
    const { version, suppliesDrawn } = record as { version?: unknown; suppliesDrawn?: KitDrawLine[] };
    const note = typeof version === "number" ? kitDrawNote({ version, suppliesDrawn }) : undefined;
    return note ? [note] : [];
  });
  return [arrived, ...kits].join(" ");
}
