import { Readable } from "node:stream";
import { ZipArchive } from "archiver";
import { type CsvValue, csvLine } from "../../../../domain/csv";
import type { TimeFormat } from "../../../../domain/time-format";
import { type ExportContext, type ExportFormatter, partOf } from "../export-model";
import type { ExportSection } from "../export-sections";
import type { LinkNames } from "../link-names";
import {
  instantText,
  numberText,
  type ReadableColumn,
  type ReadableValue,
  readableColumns,
} from "./readable";

/** A value as a spreadsheet reads it: dates as stored (yyyy-MM-dd), times in the family's zone, numbers as written. */
function csvValue(
  column: ReadableColumn,
  value: ReadableValue,
  timeZone: string,
  timeFormat: TimeFormat,
): CsvValue {
  if (value === null) return null;
  switch (column.kind) {
    case "instant":
      return instantText(value as Date, timeZone, timeFormat);
    case "number":
    case "money":
      return numberText(value as number, column.kind);
    default:
      return String(value);
  }
}

/** One section as a CSV file (with a byte-order mark, so Excel reads its names right), a page at a time. */
async function* sectionCsv(context: ExportContext, section: ExportSection, names: Promise<LinkNames>) {
  const columns = readableColumns(section, context.timeZone, { timeFormat: context.timeFormat });
  yield `\uFEFF${csvLine(columns.map((c) => c.label))}`;
  const links = await names;
  for await (const row of context.rows(section, "date"))
    yield csvLine(columns.map((c) => csvValue(c, c.value(row, links), context.timeZone, context.timeFormat)));
}

const fileName = (section: ExportSection) => `${section.title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.csv`;

/**
 * A zip with one CSV per section, as a person reads it (names, labels, Yes/No, the family's
 * times, in date order; the backup keeps the ids), formula injection neutralised
 * (src/domain/csv.ts). Entries are read and compressed one after another.
 */
export const csvExport: ExportFormatter = {
  format: "csv",
  contentType: "application/zip",
  extension: "zip",
  render(context) {
    const archive = new ZipArchive({ zlib: { level: 6 } });
    const names = context.linkNames();
    // A failure reading the names is told by the first entry that waits for them.
    names.catch(() => {});
    for (const section of context.sections) {
      archive.append(partOf(archive, Readable.from(sectionCsv(context, section, names))), {
        name: fileName(section),
      });
    }
    void archive.finalize();
    return archive;
  },
};
