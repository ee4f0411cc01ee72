/**
 * CSV as spreadsheets read it (RFC 4180): fields with a comma, a quote or a line break are quoted,
 * quotes doubled; lines end with CRLF. A text cell that a spreadsheet would run as a formula
 * (starting with =, +, -, @, a tab or a carriage return) is neutralised with a leading apostrophe,
 * so an exported note cannot become a formula on the care team's computer (CSV injection).
 */

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

/** A whole CSV document: a byte-order mark (so Excel reads UTF-8 names right), the header, the rows. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return `\uFEFF${csvLine(header)}${rows.map(csvLine).join("")}`;
}
