import type { ExportFormat } from "../../../../domain/exports";
import type { ExportFormatter } from "../export-model";
import { backupExport } from "./backup-zip";
import { csvExport } from "./csv-zip";
import { excelExport } from "./excel";
import { fhirExport } from "./fhir";
import { jsonExport } from "./json";
import { pdfExport } from "./pdf";
import { wordExport } from "./word";

/** Every export format, each written from the same export model. */
export const FORMATTERS: Record<ExportFormat, ExportFormatter> = {
  backup: backupExport,
  json: jsonExport,
  csv: csvExport,
  excel: excelExport,
  pdf: pdfExport,
  word: wordExport,
  fhir: fhirExport,
};
