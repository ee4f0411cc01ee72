import { createRequire } from "node:module";
import { Readable } from "node:stream";
import { setImmediate } from "node:timers/promises";
import PDFDocument from "pdfkit";
import type { ExportContext, ExportFormatter } from "../export-model";
import type { ReadableColumn } from "./readable";
import {
  columnShares,
  NO_RECORDS,
  printable,
  RECORDS_TITLE,
  type ReportLine,
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

/**
 * DejaVu Sans from its package, so names in any script print (the PDF standard fonts only know
 * Latin-1). Resolved from this module, which works from the sources and from the server bundle,
 * which leaves dejavu-fonts-ttf in node_modules. The container image keeps these two of its fonts
 * only (scripts/container/keep-runtime-packages.mjs).
 */
function dejaVuFonts() {
  const require = createRequire(import.meta.url);
  return {
    regular: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"),
    bold: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf"),
  };
}
let fonts: ReturnType<typeof dejaVuFonts> | undefined;

const REGULAR = "DejaVuSans";
const BOLD = "DejaVuSans-Bold";
const MARGIN = { top: 56, bottom: 56, left: 56, right: 56 };

interface TextStyle {
  font: typeof REGULAR | typeof BOLD;
  size: number;
  color: string;
}
const INK = "#111827";
const MUTED = "#4b5563";
const DANGER = "#b91c1c";
const STYLES = {
  pageHeader: { font: REGULAR, size: 7.5, color: MUTED },
  kicker: { font: BOLD, size: 9, color: DANGER },
  title: { font: BOLD, size: 20, color: INK },
  heading: { font: BOLD, size: 12, color: "#1e3a8a" },
  lead: { font: BOLD, size: 9.5, color: INK },
  body: { font: REGULAR, size: 9.5, color: INK },
  note: { font: REGULAR, size: 8, color: MUTED },
  allergyHeading: { font: BOLD, size: 13, color: DANGER },
  allergyLead: { font: BOLD, size: 11, color: DANGER },
  allergyText: { font: REGULAR, size: 11, color: INK },
  sectionTitle: { font: BOLD, size: 15, color: INK },
  tableHead: { font: BOLD, size: 7.5, color: INK },
  tableCell: { font: REGULAR, size: 7.5, color: INK },
} satisfies Record<string, TextStyle>;

/**
 * Writing on a pdfkit document in a few named styles. The page's header and footer are drawn as
 * each page is added (pdfkit flows text onto new pages by itself), and the style in use is put
 * back afterwards, because a paragraph may be half written when its page fills up.
 */
function pdfWriter(doc: PDFKit.PDFDocument, header: string) {
  let current: TextStyle = STYLES.body;
  let pageNumber = 0;
  const apply = (style: TextStyle) => doc.font(style.font).fontSize(style.size).fillColor(style.color);
  const use = (style: TextStyle) => {
    current = style;
    apply(style);
  };
  const left = MARGIN.left;
  const width = () => doc.page.width - MARGIN.left - MARGIN.right;

  doc.on("pageAdded", () => {
    pageNumber += 1;
    const { x, y } = doc;
    // A fixed height keeps pdfkit from flowing these lines onto yet another page.
    apply(STYLES.pageHeader);
    doc.text(printable(header), left, 28, { width: width(), height: 10, ellipsis: true });
    doc.text(`Page ${pageNumber}`, left, doc.page.height - 36, {
      width: width(),
      height: 10,
      align: "center",
    });
    apply(current);
    doc.x = x;
    doc.y = y;
  });

  /** Keeps a block of about `height` points on one page when it fits on one. */
  const keepTogether = (height: number) => {
    const room = doc.page.maxY() - doc.y;
    if (height > room && height < doc.page.maxY() - MARGIN.top) doc.addPage();
  };

  /** A line: its lead in bold, then its text, wrapped within `width`. */
  const line = (item: ReportLine, lead: TextStyle, text: TextStyle, x = left, w = width()) => {
    doc.x = x;
    if (item.lead) {
      use(lead);
      doc.text(printable(item.lead), { width: w, continued: Boolean(item.text) });
    }
    if (item.text) {
      use(text);
      doc.text(printable(item.text), { width: w });
    }
  };

  const paragraph = (text: string, style: TextStyle, options: PDFKit.Mixins.TextOptions = {}) => {
    use(style);
    doc.x = left;
    doc.text(printable(text), { width: width(), ...options });
  };

  return { doc, use, left, width, keepTogether, line, paragraph };
}
type PdfWriter = ReturnType<typeof pdfWriter>;

/** The allergies in a red box at the top of the page: the first thing a clinician must see. */
function allergyBox(w: PdfWriter, block: SummaryBlock) {
  const { doc } = w;
  const pad = 10;
  const inner = w.width() - 2 * pad;
  const lines = block.lines.length > 0 ? block.lines : [{ text: block.empty }];
  // Measured in bold, the wider face, so the box is never shorter than what it holds.
  w.use(STYLES.allergyLead);
  const height =
    2 * pad +
    doc.heightOfString(block.heading, { width: inner }) +
    4 +
    lines.reduce((sum, l) => sum + doc.heightOfString(`${l.lead ?? ""}${l.text}`, { width: inner }) + 2, 0);
  w.keepTogether(height);
  const top = doc.y;
  const boxHeight = Math.min(height, doc.page.maxY() - top);
  doc.save().lineWidth(2).rect(w.left, top, w.width(), boxHeight).fillAndStroke("#fef2f2", DANGER).restore();
  doc.y = top + pad;
  w.line({ text: block.heading }, STYLES.allergyHeading, STYLES.allergyHeading, w.left + pad, inner);
  doc.y += 4;
  for (const item of lines) {
    w.line(item, STYLES.allergyLead, STYLES.allergyText, w.left + pad, inner);
    doc.y += 2;
  }
  doc.y = Math.max(doc.y, top + boxHeight) + 12;
}

function summaryBlock(w: PdfWriter, block: SummaryBlock) {
  w.keepTogether(48);
  w.paragraph(block.heading, STYLES.heading);
  w.doc.moveDown(0.2);
  if (block.lines.length === 0) w.paragraph(block.empty, STYLES.note);
  for (const item of block.lines) w.line(item, STYLES.lead, STYLES.body);
  if (block.note) {
    w.doc.moveDown(0.2);
    w.paragraph(block.note, STYLES.note);
  }
  w.doc.moveDown(0.8);
}

function summaryPage(w: PdfWriter, content: SummaryContent) {
  w.doc.outline.addItem(`${SUMMARY_LABEL}: ${content.title}`);
  w.paragraph(SUMMARY_LABEL.toUpperCase(), STYLES.kicker, { characterSpacing: 1 });
  w.paragraph(content.title, STYLES.title);
  w.doc.moveDown(0.2);
  for (const fact of content.facts) w.line(fact, STYLES.lead, STYLES.body);
  w.doc.moveDown(0.8);
  allergyBox(w, content.allergies);
  for (const block of content.blocks) summaryBlock(w, block);
}

const CELL_PAD = 3;
const RULE = "#d1d5db";
const HEAD_FILL = "#f3f4f6";

/**
 * A section's records as a table: a header row (repeated on each page the table runs onto),
 * then one row per record, each cell's text wrapped within its column. A row never splits
 * across pages; one taller than a page is cut short with an ellipsis.
 */
function recordTable(w: PdfWriter, columns: readonly ReadableColumn[], shares: number[]) {
  const labels = columns.map((c) => c.label);
  // Amounts line up on the right, as in a ledger.
  const aligns = columns.map((c) => (c.kind === "number" || c.kind === "money" ? "right" : "left"));
  const { doc } = w;
  // Each column at least as wide as the longest word of its header, the rest shared out.
  w.use(STYLES.tableHead);
  const least = labels.map(
    (label) => Math.max(...label.split(/\s+/).map((word) => doc.widthOfString(word))) + 2 * CELL_PAD + 1,
  );
  const needed = least.reduce((sum, width) => sum + width, 0);
  const fit = Math.min(1, w.width() / needed);
  const spare = Math.max(0, w.width() - needed);
  const widths = shares.map((share, i) => least[i]! * fit + share * spare);
  const cellWidth = (i: number) => Math.max(1, widths[i]! - 2 * CELL_PAD);
  const rowHeight = (cells: string[], style: TextStyle) => {
    w.use(style);
    let tallest = 0;
    cells.forEach((cell, i) => {
      if (cell) tallest = Math.max(tallest, doc.heightOfString(cell, { width: cellWidth(i) }));
    });
    return Math.max(tallest, doc.currentLineHeight(true)) + 2 * CELL_PAD;
  };
  const draw = (cells: string[], style: TextStyle, height: number, fill?: string) => {
    const aligned = !fill;
    const top = doc.y;
    if (fill) doc.save().rect(w.left, top, w.width(), height).fill(fill).restore();
    w.use(style);
    let x = w.left;
    cells.forEach((cell, i) => {
      if (cell) {
        doc.text(cell, x + CELL_PAD, top + CELL_PAD, {
          width: cellWidth(i),
          height: height - 2 * CELL_PAD,
          ellipsis: true,
          align: aligned ? aligns[i] : "left",
        });
      }
      x += widths[i]!;
    });
    doc
      .save()
      .lineWidth(0.5)
      .moveTo(w.left, top + height)
      .lineTo(w.left + w.width(), top + height)
      .stroke(RULE)
      .restore();
    doc.x = w.left;
    doc.y = top + height;
  };
  const head = labels.map(printable);
  const headHeight = rowHeight(head, STYLES.tableHead);
  const header = () => draw(head, STYLES.tableHead, headHeight, HEAD_FILL);
  return {
    header,
    row(values: string[]) {
      const cells = values.map(printable);
      const room = doc.page.maxY() - MARGIN.top - headHeight - 4;
      const height = Math.min(rowHeight(cells, STYLES.tableCell), room);
      if (doc.y + height > doc.page.maxY()) {
        doc.addPage();
        header();
      }
      draw(cells, STYLES.tableCell, height);
    },
  };
}

/** Everything pdfkit has written so far (whole pages, once they are finished). */
function written(doc: PDFKit.PDFDocument): Buffer | null {
  const chunks: Buffer[] = [];
  for (let chunk = doc.read(); chunk !== null; chunk = doc.read()) chunks.push(Buffer.from(chunk));
  return chunks.length > 0 ? Buffer.concat(chunks) : null;
}

/**
 * The report, a chunk at a time: pdfkit writes each page out when the next begins (no
 * `bufferPages`), and the generator hands those bytes on between records, waiting while the
 * reader is behind, so only the current page and a page of rows are ever held.
 */
async function* pdfChunks(context: ExportContext): AsyncGenerator<Buffer> {
  const names = await reportNames(context);
  const summaries = await context.careSummaries();
  // Reading the fonts takes a few dozen milliseconds: after the summaries' queries, not with them.
  await setImmediate();
  fonts ??= dejaVuFonts();
  const doc = new PDFDocument({
    size: "A4",
    margins: MARGIN,
    autoFirstPage: false,
    font: fonts.regular,
    lang: "en",
    displayTitle: true,
    info: { Title: reportTitle(context), Creator: "Medical Care Tracker", CreationDate: context.exportedAt },
  });
  doc.registerFont(REGULAR, fonts.regular);
  doc.registerFont(BOLD, fonts.bold);
  const w = pdfWriter(doc, reportHeader(context, names.children));

  for (const summary of summaries) {
    doc.addPage();
    summaryPage(w, summaryContent(summary));
  }

  // The records' tables are wide: every page from here on is landscape.
  doc.options.layout = "landscape";
  doc.addPage();
  doc.outline.addItem(RECORDS_TITLE);
  w.paragraph(RECORDS_TITLE, STYLES.title);
  doc.moveDown(0.5);
  for (const section of context.sections) {
    // The title with at least its table's header and first row.
    w.keepTogether(90);
    doc.outline.addItem(section.title);
    w.paragraph(section.title, STYLES.sectionTitle);
    doc.moveDown(0.3);
    const columns = await reportColumns(context, section);
    const table = recordTable(w, columns, columnShares(columns));
    let empty = true;
    for await (const cells of sectionRecords(context, section, names, columns)) {
      if (empty) table.header();
      empty = false;
      table.row(cells);
      const bytes = written(doc);
      if (bytes) yield bytes;
    }
    if (empty) w.paragraph(NO_RECORDS, STYLES.note);
    w.use(STYLES.body);
    doc.moveDown(1.2);
  }
  doc.end();
  const rest = written(doc);
  if (rest) yield rest;
}

/** A readable report: each child's care summary page, then every section's records in full. */
export const pdfExport: ExportFormatter = {
  format: "pdf",
  contentType: "application/pdf",
  extension: "pdf",
  render: (context) => Readable.from(pdfChunks(context), { objectMode: false }),
};
