import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { ZipArchive } from "archiver";
import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  Header,
  HeadingLevel,
  Packer,
  PageNumber,
  PageOrientation,
  Paragraph,
  ShadingType,
  TextRun,
} from "docx";
import yauzl from "yauzl";
import { type ExportContext, type ExportFormatter, partOf } from "../export-model";
import {
  columnShares,
  NO_RECORDS,
  printable,
  RECORDS_TITLE,
  type ReportLine,
  type ReportNames,
  reportColumns,
  reportHeader,
  reportNames,
  reportTitle,
  SUMMARY_LABEL,
  type SummaryBlock,
  type SummaryContent,
  sectionRecords,
} from "./report-content";
import { summaryContent } from "./report-summary";

const DANGER = "B91C1C";
const MUTED = "4B5563";

interface RunStyle {
  bold?: boolean;
  color?: string;
  /** Half-points, as Word counts them. */
  size?: number;
}

// The summary pages: built with docx, which also writes the styles, header, footer and package.

/** Text as runs, a line break where the text has one (a run's text cannot hold a newline). */
function textRuns(text: string, style: RunStyle, breakBefore = false): TextRun[] {
  return printable(text)
    .split("\n")
    .map((part, i) => new TextRun({ text: part, ...style, ...(i > 0 || breakBefore ? { break: 1 } : {}) }));
}

/** A report line's runs: the lead in bold, then the text. */
function lineRuns(line: ReportLine, lead: RunStyle, text: RunStyle): TextRun[] {
  return [
    ...(line.lead ? textRuns(line.lead, { bold: true, ...lead }) : []),
    ...(line.text ? textRuns(line.text, text) : []),
  ];
}

const ALLERGY_EDGE = { style: BorderStyle.SINGLE, size: 18, color: DANGER, space: 6 };
/** Neighbouring paragraphs with the same border share one box in Word. */
const allergyBox = {
  border: { top: ALLERGY_EDGE, bottom: ALLERGY_EDGE, left: ALLERGY_EDGE, right: ALLERGY_EDGE },
  shading: { type: ShadingType.CLEAR, fill: "FEF2F2", color: "auto" },
};

function allergyParagraphs(block: SummaryBlock): Paragraph[] {
  const lines = block.lines.length > 0 ? block.lines : [{ text: block.empty }];
  return [
    new Paragraph({
      ...allergyBox,
      spacing: { before: 240 },
      keepNext: true,
      children: textRuns(block.heading, { bold: true, color: DANGER, size: 26 }),
    }),
    ...lines.map(
      (line, i) =>
        new Paragraph({
          ...allergyBox,
          ...(i === lines.length - 1 ? { spacing: { after: 240 } } : {}),
          children: lineRuns(line, { color: DANGER, size: 22 }, { size: 22 }),
        }),
    ),
  ];
}

function blockParagraphs(block: SummaryBlock): Paragraph[] {
  return [
    new Paragraph({ heading: HeadingLevel.HEADING_2, keepNext: true, children: textRuns(block.heading, {}) }),
    ...(block.lines.length === 0
      ? [new Paragraph({ children: textRuns(block.empty, { color: MUTED }) })]
      : block.lines.map((line) => new Paragraph({ children: lineRuns(line, {}, {}) }))),
    ...(block.note ? [new Paragraph({ children: textRuns(block.note, { color: MUTED, size: 16 }) })] : []),
  ];
}

/** One child's summary page; every page after the first starts on a page of its own. */
function summaryParagraphs(content: SummaryContent, newPage: boolean): Paragraph[] {
  return [
    new Paragraph({
      pageBreakBefore: newPage,
      children: textRuns(SUMMARY_LABEL.toUpperCase(), { bold: true, color: DANGER, size: 18 }),
    }),
    new Paragraph({ heading: HeadingLevel.TITLE, children: textRuns(content.title, {}) }),
    ...content.facts.map((fact) => new Paragraph({ children: lineRuns(fact, {}, {}) })),
    ...allergyParagraphs(content.allergies),
    ...content.blocks.flatMap(blockParagraphs),
  ];
}

/**
 * The document docx writes: the summaries and the records' title, then a paragraph holding only
 * `marker`, where the records are streamed in.
 */
async function documentShell(context: ExportContext, names: ReportNames, marker: string): Promise<Buffer> {
  const summaries = await context.careSummaries();
  const body = summaries.flatMap((summary, i) => summaryParagraphs(summaryContent(summary), i > 0));
  const small = { size: 16, color: MUTED };
  const headers = {
    default: new Header({
      children: [new Paragraph({ children: textRuns(reportHeader(context, names.children), small) })],
    }),
  };
  const footers = {
    default: new Footer({
      children: [
        new Paragraph({
          alignment: AlignmentType.CENTER,
          children: [
            new TextRun({
              ...small,
              children: ["Page ", PageNumber.CURRENT, " of ", PageNumber.TOTAL_PAGES],
            }),
          ],
        }),
      ],
    }),
  };
  const document = new Document({
    title: reportTitle(context),
    creator: "Medical Care Tracker",
    styles: { default: { document: { run: { font: "Calibri", size: 21 } } } },
    sections: [
      // The summaries on portrait pages, the records' wide tables on landscape ones.
      ...(body.length > 0 ? [{ headers, footers, children: body }] : []),
      {
        properties: { page: { size: { orientation: PageOrientation.LANDSCAPE } } },
        headers,
        footers,
        children: [
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: textRuns(RECORDS_TITLE, {}) }),
          new Paragraph({ text: marker }),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

// The records: docx holds a whole document as objects and writes it in one go (about 900 MB for
// 15,000 records), so they are written here as WordprocessingML, one record at a time.

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A run as docx writes one (properties in the schema's order: bold, colour). */
function runXml(text: string, style: RunStyle, breakBefore: boolean): string {
  const props = `${style.bold ? "<w:b/><w:bCs/>" : ""}${style.color ? `<w:color w:val="${style.color}"/>` : ""}`;
  const parts = printable(text).split("\n");
  const content = parts
    .map(
      (part, i) =>
        `${i > 0 || breakBefore ? "<w:br/>" : ""}<w:t xml:space="preserve">${escapeXml(part)}</w:t>`,
    )
    .join("");
  return `<w:r>${props ? `<w:rPr>${props}</w:rPr>` : ""}${content}</w:r>`;
}

/** The width the records' landscape pages leave for a table: A4 less two 1-inch margins, in twentieths of a point. */
const TABLE_WIDTH = 16838 - 2 * 1440;
const RULE = '<w:{edge} w:val="single" w:sz="4" w:space="0" w:color="BFBFBF"/>';
const TABLE_BORDERS = ["top", "left", "bottom", "right", "insideH", "insideV"]
  .map((edge) => RULE.replace("{edge}", edge))
  .join("");

/** A table cell: its text in a small size, wrapped within the cell. */
function cellXml(text: string, width: number, head: boolean, right: boolean): string {
  const shade = head ? '<w:shd w:val="clear" w:color="auto" w:fill="F3F4F6"/>' : "";
  const props = `${head ? "<w:b/><w:bCs/>" : ""}<w:sz w:val="16"/><w:szCs w:val="16"/>`;
  const runs = text
    ? printable(text)
        .split("\n")
        .map((part, i) => `${i > 0 ? "<w:br/>" : ""}<w:t xml:space="preserve">${escapeXml(part)}</w:t>`)
        .join("")
    : "";
  return (
    `<w:tc><w:tcPr><w:tcW w:w="${width}" w:type="dxa"/>${shade}</w:tcPr>` +
    `<w:p><w:pPr><w:spacing w:before="0" w:after="0"/>${right ? '<w:jc w:val="right"/>' : ""}</w:pPr>${runs ? `<w:r><w:rPr>${props}</w:rPr>${runs}</w:r>` : ""}</w:p></w:tc>`
  );
}

/** A table row; the header row repeats on every page the table runs onto, and no row splits. */
const rowXml = (cells: string[], widths: number[], head: boolean, right: boolean[] = []) =>
  `<w:tr><w:trPr><w:cantSplit/>${head ? "<w:tblHeader/>" : ""}</w:trPr>${cells
    .map((cell, i) => cellXml(cell, widths[i]!, head, right[i] ?? false))
    .join("")}</w:tr>`;

/** The start of a section's table: full width, columns by what they hold, light rules, the header row. */
function tableStartXml(labels: string[], widths: number[]): string {
  return (
    `<w:tbl><w:tblPr><w:tblW w:w="${TABLE_WIDTH}" w:type="dxa"/><w:tblBorders>${TABLE_BORDERS}</w:tblBorders>` +
    '<w:tblCellMar><w:left w:w="60" w:type="dxa"/><w:right w:w="60" w:type="dxa"/></w:tblCellMar></w:tblPr>' +
    `<w:tblGrid>${widths.map((width) => `<w:gridCol w:w="${width}"/>`).join("")}</w:tblGrid>` +
    rowXml(labels, widths, true)
  );
}

const headingXml = (title: string) =>
  `<w:p><w:pPr><w:pStyle w:val="Heading2"/><w:keepNext/></w:pPr>${runXml(title, {}, false)}</w:p>`;

/** Every section's heading and its records as a table, read a page of rows at a time. */
async function* recordsXml(context: ExportContext, names: ReportNames): AsyncGenerator<string> {
  for (const section of context.sections) {
    yield headingXml(section.title);
    const columns = await reportColumns(context, section);
    const widths = columnShares(columns).map((share) => Math.floor(share * TABLE_WIDTH));
    // Amounts line up on the right, as in a ledger.
    const right = columns.map((c) => c.kind === "number" || c.kind === "money");
    let empty = true;
    for await (const cells of sectionRecords(context, section, names, columns)) {
      if (empty)
        yield tableStartXml(
          columns.map((c) => c.label),
          widths,
        );
      empty = false;
      yield rowXml(cells, widths, false, right);
    }
    // A paragraph after each table: Word joins two tables that touch.
    yield empty ? `<w:p>${runXml(NO_RECORDS, { color: MUTED }, false)}</w:p>` : "</w:tbl><w:p/>";
  }
}

/** document.xml with the records in place of the marker's paragraph. */
async function* documentXml(
  shell: string,
  marker: string,
  context: ExportContext,
  names: ReportNames,
): AsyncGenerator<string> {
  const at = shell.indexOf(marker);
  const start = shell.lastIndexOf("<w:p>", at);
  const end = shell.indexOf("</w:p>", at) + "</w:p>".length;
  if (at < 0 || start < 0) throw new Error("the records' place is missing from the Word document");
  yield shell.slice(0, start);
  yield* recordsXml(context, names);
  yield shell.slice(end);
}

/**
 * The report as a Word document, streamed: docx writes the summary pages and the package, and the
 * records are written into document.xml as they are read, so memory stays bounded. The package docx
 * wrote is small (the summaries only); yauzl reads its files back and archiver writes them out again.
 */
async function writeWord(context: ExportContext, archive: ZipArchive) {
  const names = await reportNames(context);
  const marker = `records-${randomUUID()}`;
  const shell = await yauzl.fromBufferPromise(await documentShell(context, names, marker));
  for await (const entry of shell.eachEntry()) {
    const file = await shell.openReadStreamPromise(entry);
    const content =
      entry.fileName === "word/document.xml"
        ? partOf(
            archive,
            Readable.from(documentXml(await text(file), marker, context, names), { objectMode: false }),
          )
        : file;
    archive.append(content, { name: entry.fileName });
  }
  await archive.finalize();
}

/** A readable report for a word processor: the care summary pages, then every record. */
export const wordExport: ExportFormatter = {
  format: "word",
  contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  extension: "docx",
  render(context) {
    const archive = new ZipArchive({ zlib: { level: 6 } });
    writeWord(context, archive).catch((error: unknown) => archive.destroy(error as Error));
    return archive;
  },
};
