import { Readable } from "node:stream";
import { ZipArchive } from "archiver";
import { type CsvValue, csvLine } from "../../../../domain/csv";
import { type ExportContext, type ExportFormatter, partOf } from "../export-model";
import type { ExportSection } from "../export-sections";

/** A value as a spreadsheet reads it: dates as stored (yyyy-MM-dd), times ISO 8601, lists joined by "; ". */
function csvValue(value: unknown): CsvValue {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.join("; ");
  if (typeof value === "number" || typeof value === "boolean") return value;
  return String(value);
}

/** One section as a CSV file (with a byte-order mark, so Excel reads its names right), a page at a time. */
async function* sectionCsv(context: ExportContext, section: ExportSection) {
  yield `\uFEFF${csvLine(section.columns.map((c) => c.label))}`;
  for await (const row of context.rows(section))
    yield csvLine(section.columns.map((c) => csvValue(row[c.key])));
}

const fileName = (section: ExportSection) => `${section.title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.csv`;

/**
 * A zip with one CSV per section (ids kept, so the sections can be joined again), formula
 * injection neutralised (src/domain/csv.ts). Entries are read and compressed one after another.
 */
export const csvExport: ExportFormatter = {
  format: "csv",
  contentType: "application/zip",
  extension: "zip",
  render(context) {
    const archive = new ZipArchive({ zlib: { level: 6 } });
    for (const section of context.sections) {
      archive.append(partOf(archive, Readable.from(sectionCsv(context, section))), {
        name: fileName(section),
      });
    }
    void archive.finalize();
    return archive;
  },
};
