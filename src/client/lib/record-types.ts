import type { SharedRecordType } from "@/domain/record-types/declaration";

/** Each record type's shared part, one file each in src/domain/record-types (found by the build). */
const DECLARED = import.meta.glob<Record<string, SharedRecordType>>(
  ["../../domain/record-types/*.ts", "!../../domain/record-types/declaration.ts"],
  { eager: true },
);

/**
 * What the client knows of every record type: its screen, the activity feed's words. In no order
 * of their own (the sidebar orders screens by their place).
 */
export const SHARED_RECORD_TYPES: readonly SharedRecordType[] = Object.values(DECLARED).flatMap((module) =>
  Object.values(module),
);
