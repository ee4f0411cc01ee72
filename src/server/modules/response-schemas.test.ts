import { getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { RECORD_NAMES, RECORD_TYPES, type RecordTypeDeclaration } from "./record-types";

describe("response schemas", () => {
  it.each(RECORD_NAMES)(
    "list every column of %s but the family, the names of who added and changed it, and its figures",
    (name) => {
      const declared: RecordTypeDeclaration = RECORD_TYPES[name];
      const columns = Object.keys(getTableColumns(declared.table)).filter((key) => key !== "familyId");
      expect(Object.keys(declared.record.shape).sort()).toEqual(
        [...columns, "createdByName", "updatedByName", ...(declared.computed ?? [])].sort(),
      );
      // Its version, which an edit's If-Match names (1 when added, one more with each change).
      expect(declared.record.shape).toHaveProperty("version");
      expect(columns).toContain("version");
    },
  );
});
