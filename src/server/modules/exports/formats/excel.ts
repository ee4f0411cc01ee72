import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import type { ExportContext, ExportFormatter } from "../export-model";
import type { ExportColumn } from "../export-sections";

/** A date-only value as a spreadsheet date (midnight UTC, shown without a time). */
const asDate = (value: string) => {
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};

/** A cell of the right type: numbers as numbers, dates as dates, lists as text. */
function cellValue(column: ExportColumn, value: unknown): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  switch (column.kind) {
    case "integer":
      return Number(value);
    case "decimal":
      return Number(value);
    case "date":
      return asDate(String(value));
    case "timestamp":
      return value instanceof Date ? value : new Date(String(value));
    case "boolean":
      return Boolean(value);
    case "list":
      return Array.isArray(value) ? value.join("; ") : String(value);
    default:
      // Written as a string cell, never a formula, whatever it starts with.
      return String(value);
  }
}

const FORMATS: Partial<Record<ExportColumn["kind"], string>> = {
  date: "yyyy-mm-dd",
  timestamp: "yyyy-mm-dd hh:mm",
  decimal: "0.00",
};

async function writeWorkbook(context: ExportContext, stream: PassThrough) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = "Medical Care Tracker";
  workbook.created = context.exportedAt;
  for (const section of context.sections) {
    // The header row stays in view while scrolling.
    const sheet = workbook.addWorksheet(section.title, { views: [{ state: "frozen", ySplit: 1 }] });
    sheet.columns = section.columns.map((column) => ({
      header: column.label,
      key: column.key,
      width:
        column.kind === "timestamp"
          ? 18
          : column.kind === "date"
            ? 12
            : Math.min(40, Math.max(10, column.label.length + 2)),
      style: FORMATS[column.kind] ? { numFmt: FORMATS[column.kind] } : {},
    }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for await (const row of context.rows(section)) {
      // Nobody reads any more (a download cut short): stop reading the records.
      if (stream.destroyed) return;
      sheet.addRow(section.columns.map((column) => cellValue(column, row[column.key]))).commit();
    }
    sheet.commit();
  }
  await workbook.commit();
}

/** An .xlsx workbook, one sheet per section with typed columns, written row by row as it is read. */
export const excelExport: ExportFormatter = {
  format: "excel",
  contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  extension: "xlsx",
  render(context) {
    const stream = new PassThrough();
    writeWorkbook(context, stream).catch((error: Error) => stream.destroy(error));
    return stream;
  },
};
