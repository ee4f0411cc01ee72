import { PassThrough } from "node:stream";
import { setTimeout as wait } from "node:timers/promises";
import ExcelJS from "exceljs";
import type { TimeFormat } from "../../../../domain/time-format";
import type { ExportContext, ExportFormatter } from "../export-model";
import {
  type ReadableColumn,
  type ReadableKind,
  type ReadableValue,
  readableColumns,
  wallClock,
} from "./readable";

/** A date-only value as a spreadsheet date (midnight UTC, shown without a time). */
const asDate = (value: string) => {
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};

/**
 * A cell of the right type: numbers as numbers, dates as dates, an instant as the family's
 * wall-clock time (the column's header names the zone), everything else as text.
 */
function cellValue(column: ReadableColumn, value: ReadableValue, timeZone: string): ExcelJS.CellValue {
  if (value === null) return null;
  switch (column.kind) {
    case "date":
      return asDate(String(value));
    case "instant":
      return wallClock(value as Date, timeZone);
    case "number":
    case "money":
      return value as number;
    default:
      // Written as a string cell, never a formula, whatever it starts with.
      return String(value);
  }
}

/** Numbers as written (General: 1150, 850.5), money with its cents. */
const FORMATS: Partial<Record<ReadableKind, string>> = {
  date: "d mmm yyyy",
  instant: "d mmm yyyy hh:mm",
  money: "0.00",
};

/** An instant's cell format the family's way: 24-hour, or 12-hour with AM and PM. */
const INSTANT_FORMATS: Record<TimeFormat, string> = {
  "24h": "d mmm yyyy hh:mm",
  "12h": "d mmm yyyy h:mm AM/PM",
};

/** A number as written followed by its unit ('General" °C"'); quotes in a unit are left out. */
const unitFormat = (unit: string) => `General" ${unit.replaceAll('"', "")}"`;

const columnWidth = (column: ReadableColumn) =>
  column.kind === "instant"
    ? Math.max(18, column.label.length + 2)
    : column.kind === "date"
      ? Math.max(12, column.label.length + 2)
      : Math.min(40, Math.max(10, column.label.length + 2));

/**
 * What exceljs (4.4) keeps a streamed sheet's XML in: a buffer that hands each 64 KB on to the
 * ZIP's copy of the entry (a `readable-stream` PassThrough, read once the ZIP comes to that entry)
 * and never waits for it. These are its internals, not its API: package.json pins exceljs at 4.4.0
 * exactly, so an upgrade is a choice made with the back-pressure test in exports.test.ts.
 */
interface SheetStream {
  pipes: { _readableState?: { length: number } }[];
  buffers: unknown[];
}

/** How much of a sheet may wait for the ZIP to come to its entry (the one before is compressing). */
const MAX_WAITING_BYTES = 256 * 1024;

/** Whether the response holds as much as it takes until the download reads it (it says "drain"). */
const untilDrained = (out: PassThrough) =>
  new Promise<void>((resolve) => {
    const done = () => {
      out.off("drain", done).off("close", done);
      resolve();
    };
    out.once("drain", done).once("close", done);
  });

/**
 * Waits until the way out of the workbook has room: exceljs writes rows on whether or not anybody
 * reads the file, so without this a download read slowly (a phone on a poor connection, a busy
 * client) had the whole family's workbook written ahead into memory, and the collector's pauses
 * held every other request of the process up for seconds. With it, rows are read from the database
 * only as fast as the download takes them, as the other formats do (their entries are pulled).
 */
async function roomIn(sheet: ExcelJS.Worksheet, out: PassThrough): Promise<void> {
  const stream = (sheet as unknown as { stream: SheetStream }).stream;
  for (;;) {
    if (out.destroyed) return;
    if (out.writableNeedDrain) {
      await untilDrained(out);
      continue;
    }
    const waiting =
      stream.pipes.reduce((sum, pipe) => sum + (pipe._readableState?.length ?? 0), 0) +
      stream.buffers.length * 64 * 1024;
    // The ZIP is still compressing the sheet before: it comes to this one in a moment.
    if (waiting > MAX_WAITING_BYTES) await wait(5);
    else return;
  }
}

async function writeWorkbook(context: ExportContext, stream: PassThrough) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = "Medical Care Tracker";
  workbook.created = context.exportedAt;
  const names = await context.linkNames();
  for (const section of context.sections) {
    const columns = readableColumns(section, context.timeZone, { timeFormat: context.timeFormat });
    // The header row stays in view while scrolling.
    const sheet = workbook.addWorksheet(section.title, { views: [{ state: "frozen", ySplit: 1 }] });
    sheet.columns = columns.map((column) => ({
      header: column.label,
      key: column.key,
      width: columnWidth(column),
      style:
        column.kind === "instant"
          ? { numFmt: INSTANT_FORMATS[context.timeFormat] }
          : FORMATS[column.kind]
            ? { numFmt: FORMATS[column.kind] }
            : {},
    }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for await (const row of context.rows(section, "date")) {
      // Nobody reads any more (a download cut short): stop reading the records.
      if (stream.destroyed) return;
      const added = sheet.addRow(
        columns.map((column) =>
          column.measure ? null : cellValue(column, column.value(row, names), context.timeZone),
        ),
      );
      columns.forEach((column, i) => {
        const measure = column.measure?.(row);
        if (!measure) return;
        // A number that sorts and charts, shown with its unit: 38.3 °C, 21.4 kg.
        const cell = added.getCell(i + 1);
        cell.value = measure.amount;
        if (measure.unit) cell.numFmt = unitFormat(measure.unit);
      });
      added.commit();
      await roomIn(sheet, stream);
    }
    sheet.commit();
  }
  await workbook.commit();
}

/**
 * An .xlsx workbook a nurse can read: one sheet per section in date order, names for ids, the
 * forms' labels for codes, typed cells, written row by row as it is read.
 */
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
