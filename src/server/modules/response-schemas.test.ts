import { getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { RECORD_NAMES, RECORD_TYPES } from "./record-types";

describe("response schemas", () => {
  it.each(RECORD_NAMES)("list every column of %s but the owner", (name) => {
    const { table, record } = RECORD_TYPES[name];
    const columns = Object.keys(getTableColumns(table)).filter((key) => key !== "userId");
    expect(Object.keys(record.shape).sort()).toEqual(columns.sort());
  });
});
