import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv";

describe("CSV", () => {
  it("quotes commas, quotes and line breaks, and keeps non-ASCII text", () => {
    expect(csvCell("Filter, 0.2 micron")).toBe('"Filter, 0.2 micron"');
    expect(csvCell('5" tubing')).toBe('"5"" tubing"');
    expect(csvCell("line one\nline two")).toBe('"line one\nline two"');
    expect(csvCell("Zoë's Ñandú bag")).toBe("Zoë's Ñandú bag");
    expect(csvCell(null)).toBe("");
    expect(csvCell(12)).toBe("12");
  });

  it("neutralises text a spreadsheet would run as a formula", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("+1 555")).toBe("'+1 555");
    expect(csvCell("-cmd")).toBe("'-cmd");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tx")).toBe("'\tx");
    // Numbers are numbers, not formulas.
    expect(csvCell(-3)).toBe("-3");
  });

  it("writes a byte-order mark, the header and CRLF lines", () => {
    expect(toCsv(["Name", "Stock"], [["Bags", 3]])).toBe("\uFEFFName,Stock\r\nBags,3\r\n");
  });
});
