import { and, eq } from "drizzle-orm";
import { piccInfectionInput, piccInfectionRecord, piccLineInput, piccLineRecord } from "../../../domain/picc";
import type { ModuleRoutes } from "../../app-context";
import { piccInfections, piccLines } from "../../db/schema/index";
import { HttpError } from "../../lib/errors";
import { ownedRecords } from "../../lib/owned-records";
import { registerOwnedRoutes } from "../../lib/owned-routes";

/** A child's central lines, newest first (spec: 'PICC Lines' tab). */
export const piccLineRecords = ownedRecords({
  entity: "picc_line",
  table: piccLines,
  childScope: "exact",
  summary: (row) => `${row.lineType ?? "Line"} inserted ${row.insertionDate}`,
});

/**
 * A child's line infections. An infection's line, when named, must be one of the same child's
 * lines: another owner's line is 404 like any other link, another child's line a 400.
 */
export const piccInfectionRecords = ownedRecords({
  entity: "picc_infection",
  table: piccInfections,
  childScope: "exact",
  references: [{ field: "piccLineId", table: piccLines, label: "PICC line" }],
  summary: (row) => `${row.infectionType} infection on ${row.infectionDate}`,
  hooks: {
    async inTransaction(ctx, { after }) {
      if (!after?.piccLineId) return;
      const [line] = await ctx.tx
        .select({ childId: piccLines.childId })
        .from(piccLines)
        .where(and(eq(piccLines.id, after.piccLineId), eq(piccLines.userId, ctx.ownerId)));
      if (line && line.childId !== after.childId) {
        throw new HttpError(400, "The PICC line must be one of this child's lines", {});
      }
    },
  },
});

export const piccRoutes: ModuleRoutes = (scope, { db }) => {
  registerOwnedRoutes(scope, db, {
    path: "/api/picc-lines",
    records: piccLineRecords,
    input: piccLineInput,
    record: piccLineRecord,
    updateMethods: ["PUT"],
  });
  registerOwnedRoutes(scope, db, {
    path: "/api/picc-infections",
    records: piccInfectionRecords,
    input: piccInfectionInput,
    record: piccInfectionRecord,
    updateMethods: ["PUT"],
  });
};
