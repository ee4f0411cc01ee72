/**
 * A record's id made on this device (RFC 9562's UUID version 7): the milliseconds since 1970 in
 * the first 48 bits, so ids sort by the moment they were made, then random bits. An entry saved
 * without a connection keeps the id it will have on the server, so it can be edited, deleted or
 * sent again by that id before it ever arrives.
 *
 * Within one millisecond the 12 bits after the version count up from a random start (the RFC's
 * "fixed-length dedicated counter"), so ids made in a row on this device still sort in order.
 */

let lastMs = -1;
let counter = 0;

function hex(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes) text += byte.toString(16).padStart(2, "0");
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}

/** A new UUIDv7, made at `now` (the device's clock by default). */
export function uuidv7(now: number = Date.now()): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let ms = Math.max(now, lastMs);
  if (ms === lastMs) {
    counter += 1;
    // 4,096 ids in one millisecond: borrow the next one rather than repeat or go backwards.
    if (counter > 0xfff) {
      ms += 1;
      counter = (bytes[6] ?? 0) & 0x07;
    }
  } else {
    // A random start below half the range leaves room to count up.
    counter = (((bytes[6] ?? 0) & 0x07) << 8) | (bytes[7] ?? 0);
  }
  lastMs = ms;
  // 48 bits of milliseconds, big-endian (too wide for 32-bit bit operations: divided instead).
  for (let i = 5; i >= 0; i -= 1) {
    bytes[i] = ms % 256;
    ms = Math.floor(ms / 256);
  }
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  return hex(bytes);
}

/** The moment a UUIDv7 was made (ms since 1970), or null for another kind of id. */
export function uuidv7Time(id: string): number | null {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(id)) return null;
  return Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
}
