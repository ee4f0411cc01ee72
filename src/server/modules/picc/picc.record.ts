import {
  INFECTION_TYPE_LABELS,
  INSERTION_SITE_LABELS,
  infectionLineIssues,
  LINE_TYPE_LABELS,
  OUTCOME_LABELS,
  piccInfectionInput,
  piccInfectionRecord,
  piccLineInput,
  piccLineRecord,
} from "../../../domain/picc";
import { piccInfectionsType } from "../../../domain/record-types/picc-infections";
import { piccLinesType } from "../../../domain/record-types/picc-lines";
import { piccInfections, piccLines } from "../../db/schema/index";
import { declareRecordType } from "../record-type-declaration";
import { infection, piccLine } from "./picc.fhir";

/** The server's part of this record type (its shared part: src/domain/record-types/picc-lines.ts). */
export const piccLinesRecordType = declareRecordType(piccLinesType, {
  table: piccLines,
  childScope: "exact",
  title: "PICC Lines",
  orderKey: "insertionDate",
  input: piccLineInput,
  record: piccLineRecord,
  readable: {
    codes: { insertionSite: INSERTION_SITE_LABELS, lineType: LINE_TYPE_LABELS },
    labels: { externalLengthCm: "External length at insertion (cm)" },
  },
  api: {
    collection: "/api/picc-lines",
    update: ["PUT"],
    example: (f) => ({
      childId: f.id("children"),
      insertionDate: "2026-07-05",
      insertionSite: "right-arm",
      lineType: "double-lumen",
    }),
  },
  fhir: { resources: piccLine },
});

/** The server's part of this record type (its shared part: src/domain/record-types/picc-infections.ts). */
export const piccInfectionsRecordType = declareRecordType(piccInfectionsType, {
  table: piccInfections,
  childScope: "exact",
  title: "PICC Infections",
  dateKey: "infectionDate",
  input: piccInfectionInput,
  record: piccInfectionRecord,
  restore: {
    // The API's rule across an infection and its line, on the lines of the file.
    check(row, linked) {
      if (typeof row.piccLineId !== "string") return undefined;
      const line = linked(row.piccLineId)!;
      const [issue] = infectionLineIssues(
        { childId: String(row.childId), infectionDate: String(row.infectionDate) },
        { childId: String(line.childId), insertionDate: String(line.insertionDate) },
      );
      return issue;
    },
  },
  api: {
    collection: "/api/picc-infections",
    update: ["PUT"],
    example: (f) => ({
      childId: f.id("children"),
      piccLineId: f.id("piccLines"),
      infectionDate: f.today,
      infectionType: "bloodstream",
    }),
  },
  fhir: { resources: infection },
  readable: {
    codes: { infectionType: INFECTION_TYPE_LABELS, outcome: OUTCOME_LABELS },
  },
});
