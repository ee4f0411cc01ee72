import { and, asc, eq, inArray } from "drizzle-orm";
import type { FieldIssue } from "../../../domain/fields";
import { infectionLineIssues, piccInfectionDateIssues, piccLineDateIssues } from "../../../domain/picc";
import type { Tx } from "../../db/client";
import { piccInfections, piccLines } from "../../db/schema/index";
import { conflict, invalidRecord } from "../../lib/errors";
import { ownedRecords } from "../../lib/owned-records";
import { lineHasCare } from "../line-care/line-care.queries";
import { recordType } from "../record-types";

/** What the link rules read of an infection. */
export interface InfectionLink {
  childId: string;
  piccLineId: string | null;
  infectionDate: string;
}

/** An infection that breaks the rules of its line: its place in the list checked, and why. */
export interface InfectionLinkProblem {
  index: number;
  issues: FieldIssue[];
}

/**
 * Checks infections against the lines they name (`infectionLineIssues`: the same child's line,
 * inserted on or before the infection's date). The lines are read `FOR SHARE`, so until the
 * caller's transaction ends no other one can move them to another child or change their dates (a
 * line's update locks it `FOR UPDATE` and checks its infections): a check and a concurrent change
 * of the line cannot both pass. An infection without a line has nothing to check.
 */
export async function infectionLinkProblems(
  tx: Tx,
  familyId: string,
  infections: readonly InfectionLink[],
): Promise<InfectionLinkProblem[]> {
  const lineIds = [...new Set(infections.flatMap((infection) => infection.piccLineId ?? []))];
  if (lineIds.length === 0) return [];
  const lines = await tx
    .select({ id: piccLines.id, childId: piccLines.childId, insertionDate: piccLines.insertionDate })
    .from(piccLines)
    .where(and(eq(piccLines.familyId, familyId), inArray(piccLines.id, lineIds)))
    // One order for every caller, so two transactions locking several lines cannot deadlock.
    .orderBy(asc(piccLines.id))
    .for("share");
  const byId = new Map(lines.map((line) => [line.id, line]));
  const problems: InfectionLinkProblem[] = [];
  infections.forEach((infection, index) => {
    if (!infection.piccLineId) return;
    const line = byId.get(infection.piccLineId);
    const issues = line
      ? infectionLineIssues(infection, line)
      : [{ path: "piccLineId", message: "PICC line not found" }];
    if (issues.length > 0) problems.push({ index, issues });
  });
  return problems;
}

/**
 * The same check as a refusal: the first infection at fault is a 400 naming its field. Call it in
 * the transaction that writes the infections, after writing them (a restore, after inserting its
 * infections with their lines' new ids).
 */
export async function checkInfectionLinks(
  tx: Tx,
  familyId: string,
  infections: readonly InfectionLink[],
): Promise<void> {
  const [first] = await infectionLinkProblems(tx, familyId, infections);
  if (first) throw invalidRecord(first.issues);
}

/** Dates as a list a person reads: "2026-03-04, 2026-05-01". */
const listed = (dates: readonly string[]) => dates.join(", ");

/**
 * The rules across a line and the infections recorded on it, for a changed line: it cannot move
 * to another child while infections point at it (409 naming them), nor go in after one of them
 * (400 on the insertion date, naming them). Call with the line locked `FOR UPDATE` (ownedRecords'
 * update does so for a type with hooks), so no infection can be linked to it meanwhile.
 */
export async function checkLineInfections(
  tx: Tx,
  familyId: string,
  line: { id: string; childId: string; insertionDate: string },
): Promise<void> {
  const infections = await tx
    .select({ childId: piccInfections.childId, infectionDate: piccInfections.infectionDate })
    .from(piccInfections)
    .where(and(eq(piccInfections.familyId, familyId), eq(piccInfections.piccLineId, line.id)))
    .orderBy(asc(piccInfections.infectionDate), asc(piccInfections.createdAt));
  const elsewhere = infections.filter((infection) => infection.childId !== line.childId);
  if (elsewhere.length > 0) {
    const one = elsewhere.length === 1;
    throw conflict(
      `This line has ${elsewhere.length} infection${one ? "" : "s"} recorded (${listed(elsewhere.map((i) => i.infectionDate))}). ` +
        `Link ${one ? "it" : "them"} to another of this child's lines, or delete ${one ? "it" : "them"}, before moving the line to another child.`,
    );
  }
  const before = infections.filter((infection) => infection.infectionDate < line.insertionDate);
  if (before.length > 0) {
    const one = before.length === 1;
    throw invalidRecord([
      {
        path: "insertionDate",
        message: `Insertion date cannot be after this line's infection${one ? "" : "s"} of ${listed(before.map((i) => i.infectionDate))}`,
      },
    ]);
  }
}

/**
 * A child's central lines, newest first (spec: 'PICC Lines' tab). A line is removed on or after
 * the day it went in, and a change keeps it on the child and before the dates of the infections
 * recorded on it.
 */
export const piccLineRecords = ownedRecords({
  ...recordType("piccLines"),
  summary: (row) => `${row.lineType ?? "Line"} inserted ${row.insertionDate}`,
  rule: piccLineDateIssues,
  hooks: {
    async inTransaction(ctx, { action, before, after }) {
      // A new line has no infections yet; a deleted one leaves its infections without a line.
      if (action === "update" && after) await checkLineInfections(ctx.tx, ctx.familyId, after);
      // Its care was the child's: the line stays that child's once care is logged on it.
      if (action === "update" && before && after && before.childId !== after.childId) {
        if (await lineHasCare(ctx.tx, ctx.familyId, after.id)) {
          throw invalidRecord([
            {
              path: "childId",
              message: "This line's care is logged for its child: it cannot move to another child",
            },
          ]);
        }
      }
    },
  },
});

/**
 * A child's line infections. An infection's treatment ends on or after it starts; its line, when
 * named, must be one of the same child's lines (another owner's line is 404 like any other link,
 * another child's line a 400), inserted on or before the infection's date.
 */
export const piccInfectionRecords = ownedRecords({
  ...recordType("piccInfections"),
  references: [{ field: "piccLineId", table: piccLines, label: "PICC line" }],
  summary: (row) => `${row.infectionType} infection on ${row.infectionDate}`,
  rule: piccInfectionDateIssues,
  hooks: {
    async inTransaction(ctx, { after }) {
      if (after) await checkInfectionLinks(ctx.tx, ctx.familyId, [after]);
    },
  },
});
