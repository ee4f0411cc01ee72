/**
 * Time zone names and the family clock's source, without date arithmetic: small enough for the
 * first screen to load (src/domain/clock.ts has the rest and re-exports these).
 */

/** The zone of an account made before accounts kept one, and of a browser that names none. */
export const DEFAULT_TIME_ZONE = "UTC";

let supported: Set<string> | undefined;
function supportedTimeZones(): Set<string> {
  if (!supported) {
    const names = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
    supported = new Set([...names, "UTC"]);
  }
  return supported;
}

/** The IANA zone names a family can choose from (this runtime's list, with UTC). */
export function timeZoneNames(): string[] {
  return [...supportedTimeZones()].sort();
}

/** Whether `name` is an IANA time zone this runtime knows (or UTC). */
export function isValidTimeZone(name: unknown): name is string {
  return typeof name === "string" && supportedTimeZones().has(name);
}

/** The zone this device or server runs in, or UTC when it names none we know. */
export function deviceTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isValidTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

/** What time it is for a family: its zone and its clock (and how it writes times, where known). */
export interface FamilyClock {
  timeZone: string;
  now(): Date;
  /** "24h" or "12h" (time-format.ts); 24 hours when not said. */
  timeFormat?: "24h" | "12h";
}

const machineClock = (): FamilyClock => ({ timeZone: deviceTimeZone(), now: () => new Date() });
let source: () => FamilyClock = machineClock;

/**
 * Who answers `familyClock()`: the server installs one that reads the request's account, the
 * browser one that reads the signed-in account. `null` goes back to this machine's zone and clock.
 */
export function setFamilyClockSource(next: (() => FamilyClock) | null): void {
  source = next ?? machineClock;
}

/** The family's zone and clock where this runs (see `setFamilyClockSource`). */
export function familyClock(): FamilyClock {
  return source();
}
