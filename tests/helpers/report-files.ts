import JSZip from "jszip";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/* Reading a PDF or Word report back as its reader sees it: the text of each page, paragraph or cell. */

/** The text of each page, as a reader copies it (runs joined, spaces collapsed). */
export async function pdfPages(file: Buffer): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(file), useSystemFonts: false, isEvalSupported: false })
    .promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const content = await (await pdf.getPage(n)).getTextContent();
    const text = content.items.map((item) => ("str" in item ? item.str : "")).join(" ");
    pages.push(text.replace(/\s+/g, " "));
  }
  await pdf.destroy();
  return pages;
}

const XML_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** The document's paragraphs as text, in order. */
export async function wordParagraphs(file: Buffer): Promise<string[]> {
  const xml = await (await JSZip.loadAsync(file)).file("word/document.xml")!.async("string");
  return xml
    .split("</w:p>")
    .map((p) =>
      [...p.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)]
        .map((m) => m[1]!.replace(/&(\w+);/g, (_, name: string) => XML_ENTITIES[name] ?? ""))
        .join(""),
    );
}

/** Each table of the document as rows of cell texts, the header row first. */
export async function wordTables(file: Buffer): Promise<string[][][]> {
  const xml = await (await JSZip.loadAsync(file)).file("word/document.xml")!.async("string");
  const texts = (part: string) =>
    [...part.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)]
      .map((m) => m[1]!.replace(/&(\w+);/g, (_, name: string) => XML_ENTITIES[name] ?? ""))
      .join("");
  return [...xml.matchAll(/<w:tbl>([\s\S]*?)<\/w:tbl>/g)].map((table) =>
    [...table[1]!.matchAll(/<w:tr>([\s\S]*?)<\/w:tr>/g)].map((row) =>
      [...row[1]!.matchAll(/<w:tc>([\s\S]*?)<\/w:tc>/g)].map((cell) => texts(cell[1]!)),
    ),
  );
}
