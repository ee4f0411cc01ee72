import { getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { RECORD_NAMES, RECORD_TYPES } from "./record-types";

describe("response schemas", () => {
  it.each(RECORD_NAMES)(
    "list every column of %s but the family, and the names of who added and changed it",
    (name) => {
      const { table, record } = RECORD_TYPES[name];
      const columns = Object.keys(getTableColumns(table)).filter((key) => key !== "familyId");
      expect(Object.keys(record.shape).sort()).toEqual([...columns, "createdByName", "updatedByName"].sort());
    },
  );
});
