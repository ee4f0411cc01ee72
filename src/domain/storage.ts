import { z } from "zod";

const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;

/**
 * A size as people read it, in the units the spec gives the photo limit in (10 MB = 10485760
 * bytes): "740 KB", "12.5 MB", "1 GB". At most one decimal, none when it is a whole number.
 */
export function formatByteSize(bytes: number): string {
  const [value, unit] =
    bytes >= GB
      ? [bytes / GB, "GB"]
      : bytes >= MB
        ? [bytes / MB, "MB"]
        : bytes >= KB
          ? [bytes / KB, "KB"]
          : [bytes, "bytes"];
  if (unit === "bytes") return `${bytes} ${bytes === 1 ? "byte" : "bytes"}`;
  const rounded = value >= 100 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${unit}`;
}

/** `GET /api/account/storage`: what the family's photos and pending uploads use, and the quota. */
export const storageUsageRecord = z.object({
  usedBytes: z.number().int().nonnegative(),
  quotaBytes: z.number().int().positive(),
});
export type StorageUsage = z.infer<typeof storageUsageRecord>;
