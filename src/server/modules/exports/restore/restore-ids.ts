import { createHash } from "node:crypto";

/**
 * The id a restore gives the `index`-th record it writes of `kind` (a section, or "objects" for
 * photo files): derived from the restore's own random id, so the records of a restore can be
 * found again (to undo it) from its journal's counts alone, even after the process writing it
 * stopped. A UUID of version 8 (RFC 9562, "custom"), as unguessable as the restore's id.
 */
export function restoredId(restoreId: string, kind: string, index: number): string {
  const bytes = createHash("sha256").update(`${restoreId}/${kind}/${index}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
