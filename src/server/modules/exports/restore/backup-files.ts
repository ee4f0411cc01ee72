import { once } from "node:events";
import { createReadStream, createWriteStream, type WriteStream } from "node:fs";
import { mkdir, open, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parser } from "stream-json";
import Assembler from "stream-json/assembler.js";
import yauzl from "yauzl";
import { badRequest, HttpError } from "../../../lib/errors";
import { SECTION_NAMES, type SectionName, sectionTitle } from "./restore-sections";

/** What the file says it is, before its records: the export's own first fields. */
export interface BackupEnvelope {
  format?: unknown;
  version?: unknown;
  /** The family's settings and the people its records name (`family-backup.ts`); older files have none. */
  settings?: unknown;
  people?: unknown;
}

/**
 * A backup opened for reading, whatever it came as: each section's records as JSON lines, in the
 * file's order, and the photos its records name (`photoFile`).
 */
export interface BackupReader {
  envelope: BackupEnvelope;
  lines(section: SectionName): AsyncIterable<string>;
  /** A photo's bytes, or null when the file holds no such photo. */
  photo(name: string): Promise<Buffer | null>;
  close(): Promise<void>;
}

/** The longest record line read: a record is a few kilobytes; photos travel as files of their own. */
const MAX_LINE = 1024 * 1024;
/** The largest photo file read from a backup (photos are stored at most 10 MB, re-encoded smaller). */
const MAX_PHOTO_FILE = 20 * 1024 * 1024;
/** Backups unpack to at most this many bytes per packed byte, plus some: a file that claims more is no backup. */
const MAX_EXPANSION = 20;

const notABackup = () =>
  badRequest("This file is not a Medical Care Tracker export or backup (a file from Account Settings).");

/** Whether the file is a ZIP (a backup) or JSON (an export), by its first bytes. */
export async function backupKind(file: string): Promise<"zip" | "json"> {
  const handle = await open(file, "r");
  try {
    const { bytesRead, buffer } = await handle.read(Buffer.alloc(4), 0, 4, 0);
    if (bytesRead === 4 && buffer.readUInt32LE(0) === 0x04034b50) return "zip";
    return "json";
  } finally {
    await handle.close();
  }
}

/** Splits text into lines, refusing a line longer than `MAX_LINE`. */
async function* boundedLines(stream: Readable, where: string): AsyncIterable<string> {
  const lines = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) {
    if (line.length > MAX_LINE) throw badRequest(`${where}: a record is longer than this app writes.`);
    if (line.trim()) yield line;
  }
}

/** Reads a backup ZIP as it lies on disk: `backup.json`, `records/<section>.jsonl`, `photos/<name>`. */
export async function openZipBackup(file: string, fileSize: number): Promise<BackupReader> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(file, { autoClose: false, strictFileNames: true });
  } catch {
    throw badRequest(
      "This backup cannot be opened: it is not a complete ZIP file, and may have been cut short.",
    );
  }
  const entries = new Map<string, yauzl.Entry>();
  let unpacked = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      unpacked += entry.uncompressedSize;
      if (unpacked > fileSize * MAX_EXPANSION + 64 * 1024 * 1024) throw notABackup();
      if (entry.isEncrypted())
        throw badRequest("This backup is encrypted; this app writes backups that are not.");
      entries.set(entry.fileName, entry);
    }
  } catch (error) {
    zip.close();
    throw error;
  }
  const read = async (entry: yauzl.Entry) => zip.openReadStreamPromise(entry);
  const head = entries.get("backup.json");
  if (!head || head.uncompressedSize > MAX_LINE) {
    zip.close();
    throw notABackup();
  }
  let envelope: BackupEnvelope;
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of await read(head)) chunks.push(chunk as Buffer);
    envelope = JSON.parse(Buffer.concat(chunks).toString("utf8")) as BackupEnvelope;
  } catch {
    zip.close();
    throw notABackup();
  }
  return {
    envelope,
    async *lines(section) {
      const entry = entries.get(`records/${section}.jsonl`);
      if (entry) yield* boundedLines(await read(entry), sectionTitle(section));
    },
    async photo(name) {
      const entry = entries.get(name);
      if (!entry || !name.startsWith("photos/") || entry.uncompressedSize > MAX_PHOTO_FILE) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of await read(entry)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    async close() {
      zip.close();
    },
  };
}

/** Writes `text` to `out`, waiting when the file's buffer is full. */
async function write(out: WriteStream, text: string | Buffer) {
  if (!out.write(text)) await once(out, "drain");
}

const notValidJson = () =>
  badRequest("This file is not a complete export: it is not valid JSON, and may have been cut short.");

/**
 * Turns a JSON export (one document, possibly with its photos inside as base64) into the layout
 * of a backup in `dir`, reading it as a stream of tokens: a ten-year export is never parsed
 * whole, so the server keeps answering other requests while it reads.
 */
export async function unpackJsonExport(file: string, dir: string): Promise<BackupReader> {
  await mkdir(join(dir, "records"), { recursive: true });
  await mkdir(join(dir, "photos"), { recursive: true });
  const envelope: Record<string, unknown> = {};
  const outputs = new Map<string, WriteStream>();
  let depth = 0;
  let key: string | null = null;
  let section: SectionName | null = null;
  let index = 0;
  let assembling: { into: "record" | "envelope"; assembler: Assembler } | null = null;

  /** Writes one record of the current section as a line; a photo's image goes to a file of its own. */
  const writeRecord = async (row: unknown) => {
    if (!section) return;
    let line = row;
    if (section === "medicalPhotos" && row && typeof row === "object" && !Array.isArray(row)) {
      const { image, ...rest } = row as Record<string, unknown>;
      line = rest;
      if (typeof image === "string") {
        const name = `photos/${index}`;
        await writeFile(join(dir, name), Buffer.from(image, "base64"));
        line = { ...rest, photoFile: name };
      }
    }
    let out = outputs.get(section);
    if (!out) {
      out = createWriteStream(join(dir, "records", `${section}.jsonl`));
      outputs.set(section, out);
    }
    await write(out, `${JSON.stringify(line)}\n`);
    index += 1;
  };

  const tokens = parser.asStream({ streamValues: false });
  const reading = pipeline(createReadStream(file), tokens);
  reading.catch(() => {});
  try {
    for await (const token of tokens as AsyncIterable<parser.Token>) {
      if (assembling) {
        assembling.assembler.consume(token);
        if (!assembling.assembler.done) continue;
        const { into, assembler } = assembling;
        assembling = null;
        if (into === "record") await writeRecord(assembler.current);
        else if (key) envelope[key] = assembler.current;
        continue;
      }
      switch (token.name) {
        case "startObject":
        case "startArray": {
          if (depth === 0) {
            if (token.name !== "startObject") throw notABackup();
            depth = 1;
          } else if (depth === 1 && key && token.name === "startArray" && isSectionName(key)) {
            section = key;
            index = 0;
            depth = 2;
          } else {
            // A record of a section, or a field of the envelope (the account, the scope): whole.
            assembling = { into: depth === 2 && section ? "record" : "envelope", assembler: new Assembler() };
            assembling.assembler.consume(token);
          }
          break;
        }
        case "endObject":
        case "endArray":
          depth -= 1;
          section = null;
          key = null;
          break;
        case "keyValue":
          if (depth === 1) key = token.value;
          break;
        default:
          if (!("value" in token)) break;
          if (depth === 2 && section) {
            // A bare value where a record belongs: kept, and refused when the section is checked.
            await writeRecord(token.name === "numberValue" ? Number(token.value) : token.value);
          } else if (depth === 1 && key) {
            envelope[key] = token.name === "numberValue" ? Number(token.value) : token.value;
            key = null;
          }
      }
    }
    await reading;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw notValidJson();
  } finally {
    for (const out of outputs.values()) out.end();
    await Promise.all([...outputs.values()].map((out) => once(out, "close").catch(() => {})));
  }
  if (depth !== 0) throw notValidJson();
  for (const name of SECTION_NAMES) {
    if (envelope[name] !== undefined)
      throw badRequest(`The ${sectionTitle(name)} section of this file is not a list.`);
  }
  return openDirectoryBackup(dir, envelope);
}

const isSectionName = (key: string): key is SectionName => (SECTION_NAMES as readonly string[]).includes(key);

/** Reads a backup unpacked into `dir` (from a JSON export). */
function openDirectoryBackup(dir: string, envelope: BackupEnvelope): BackupReader {
  return {
    envelope,
    async *lines(section) {
      const path = join(dir, "records", `${section}.jsonl`);
      let stream: Readable;
      try {
        const handle = await open(path, "r");
        stream = handle.createReadStream();
      } catch {
        return;
      }
      yield* boundedLines(stream, sectionTitle(section));
    },
    async photo(name) {
      if (!/^photos\/\d+$/.test(name)) return null;
      try {
        return await readFile(join(dir, name));
      } catch {
        return null;
      }
    },
    async close() {},
  };
}
