import { once } from "node:events";
import { createWriteStream, type WriteStream } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { EXPORT_FORMAT_NAME, EXPORT_VERSION } from "../../../../domain/exports";
import { inSentence } from "../../../../domain/words";
import { badRequest, HttpError } from "../../../lib/errors";
import { processPhoto } from "../../objects/images";
import { checkSettings, type RestoreMembers } from "../family-backup";
import type { BackupReader } from "./backup-files";
import { restoredId } from "./restore-ids";
import { RESTORE_SECTIONS, type SectionName, sectionTitle } from "./restore-sections";

/** What a checked backup holds, ready to be written: the records per section and what was left out. */
export interface CheckedBackup {
  totals: Record<string, number>;
  skipped: string[];
  /** Records of the file the family holds already (the same ids): left as they are. */
  alreadyHere: number;
  /** What its photos take in storage, once re-encoded. */
  photoBytes: number;
}

/** The family a restore goes into: the records it holds already, and its members. */
export interface RestoreTarget {
  /** The ids of the family's records of a section. */
  existing(section: SectionName): Promise<ReadonlySet<string>>;
  members: RestoreMembers;
}

/** A family with no records and no members to find the file's people among. */
const NEW_FAMILY: RestoreTarget = {
  existing: async () => new Set(),
  members: { personOf: () => null, caregivers: new Set() },
};

/** The earliest creation time a restore accepts: this app's records begin long after it. */
const EARLIEST_CREATED = Date.UTC(1900, 0, 1);
const DAY_MS = 24 * 60 * 60 * 1000;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Checks the file's envelope: what it is and which version. */
function checkEnvelope(envelope: BackupReader["envelope"]) {
  if (envelope.format !== EXPORT_FORMAT_NAME) {
    throw badRequest(
      "This file is not a Medical Care Tracker export (a JSON download from Account Settings).",
    );
  }
  if (typeof envelope.version !== "number" || !Number.isInteger(envelope.version)) {
    throw badRequest("This export has no version number; it may have been edited.");
  }
  if (envelope.version > EXPORT_VERSION) {
    throw badRequest(
      `This export was made by a newer version of Medical Care Tracker (format version ${envelope.version}). Update this server, then import it again.`,
    );
  }
}

/**
 * When a restored record was first written: the file's time, if it is one this app could have
 * written (from 1900 until tomorrow), else the restore refuses the file naming the record; now,
 * when the file has none.
 */
export function restoredCreatedAt(value: unknown, where: string, now: Date): Date {
  if (value === undefined || value === null) return now;
  const time = typeof value === "string" ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(time) || time < EARLIEST_CREATED || time > now.getTime() + DAY_MS) {
    throw badRequest(
      `${where}: createdAt: ${JSON.stringify(value).slice(0, 40)} is not a time this app could have written.`,
    );
  }
  return new Date(time);
}

/** Writes `text` to `out`, waiting when the file's buffer is full. */
async function write(out: WriteStream, text: string) {
  if (!out.write(text)) await once(out, "drain");
}

/** Where a checked backup's rows and photos are put, ready to be written. */
export const readyDir = (dir: string) => join(dir, "ready");
export const readyRecords = (dir: string, section: SectionName) => join(readyDir(dir), `${section}.jsonl`);
/** The family's settings of a checked backup, people found (absent: the file has none). */
export const readySettings = (dir: string) => join(readyDir(dir), "settings.json");
export const readyPhoto = (dir: string, index: number, variant: "full" | "thumbnail") =>
  join(readyDir(dir), "photos", `${index}.${variant === "full" ? "jpg" : "thumb.jpg"}`);

/**
 * Reads every record of a backup and checks it by the rules a form or the API applies, before
 * anything is written: the same schema (with the fields the server keeps, see `restoreInput`),
 * links to records of the file (given the ids the restore will write them with), each type's own
 * rules across records (its declaration's `restore.check`: a line's infections on that line's
 * child, a bag's prescription its child's, a dose's child its medication's), creation times this
 * app could have written. Photos are checked and re-encoded like uploads.
 * Each checked record goes, as the row to insert, into `ready/<section>.jsonl` under `dir`.
 * Refuses the whole file (400) at the first record that fails, naming it.
 */
export async function checkBackup(
  reader: BackupReader,
  restoreId: string,
  dir: string,
  now: Date,
  target: RestoreTarget = NEW_FAMILY,
): Promise<CheckedBackup> {
  checkEnvelope(reader.envelope);
  await mkdir(join(readyDir(dir), "photos"), { recursive: true });
  const settings = checkSettings(reader.envelope.settings, target.members);
  if (settings) await writeFile(readySettings(dir), JSON.stringify(settings));
  const person = (value: unknown) => target.members.personOf(value);
  let alreadyHere = 0;
  const newIds = new Map<SectionName, Map<string, string>>();
  /** Each record that later records link to, by the id the restore gives it. */
  const linked = new Map<string, Record<string, unknown>>();
  const totals: Record<string, number> = {};
  const skipped: string[] = [];
  let photoBytes = 0;
  for (const section of RESTORE_SECTIONS) {
    const title = sectionTitle(section.name);
    const isTarget = RESTORE_SECTIONS.some((s) => Object.values(s.links).includes(section.name));
    const ids = new Map<string, string>();
    const existing = await target.existing(section.name);
    if (isTarget) newIds.set(section.name, ids);
    const out = createWriteStream(readyRecords(dir, section.name));
    let read = 0;
    let kept = 0;
    let withoutImage = 0;
    try {
      for await (const line of reader.lines(section.name)) {
        read += 1;
        const where = `${title}, record ${read}`;
        let raw: unknown;
        try {
          raw = JSON.parse(line);
        } catch {
          throw badRequest(`${where} is not valid JSON.`);
        }
        if (!isRecord(raw)) throw badRequest(`${where} is not a record.`);
        const input: Record<string, unknown> = { ...raw };
        for (const [field, target] of Object.entries(section.links)) {
          if (input[field] === null || input[field] === undefined) continue;
          const id = newIds.get(target)?.get(String(input[field]));
          if (!id) {
            throw badRequest(
              `${where} refers to a ${inSentence(sectionTitle(target))} record that is not in the file.`,
            );
          }
          input[field] = id;
        }
        // A record the family holds already (restored into the family it came from, or restored
        // twice) is left as it is; later records of the file link to it.
        const here = typeof raw.id === "string" && existing.has(raw.id);
        const id = here ? (raw.id as string) : restoredId(restoreId, section.name, kept);
        if (section.rules.photo && !here) {
          const image = typeof raw.photoFile === "string" ? await reader.photo(raw.photoFile) : null;
          if (!image) {
            withoutImage += 1;
            continue;
          }
          let photo: Awaited<ReturnType<typeof processPhoto>>;
          try {
            photo = await processPhoto(image);
          } catch {
            throw badRequest(`${where}: its image is not a photo this server can read.`);
          }
          await writeFile(readyPhoto(dir, kept, "full"), photo.full);
          photoBytes += photo.full.length;
          await writeFile(readyPhoto(dir, kept, "thumbnail"), photo.thumbnail);
          input.photoUrl = `/objects/uploads/${restoredId(restoreId, "objects", kept)}`;
        }
        const parsed = section.input.safeParse(input);
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          throw badRequest(`${where}: ${issue.path.join(".") || "value"}: ${issue.message}`);
        }
        const row = parsed.data as Record<string, unknown>;
        // Who added and changed it, and who is told first of a task: the family's member who is
        // that person of the file, if any.
        row.createdBy = person(raw.createdBy);
        row.updatedBy = person(raw.updatedBy);
        if ("assigneeId" in raw) row.assigneeId = person(raw.assigneeId);
        const issue = section.rules.check?.(row, (target) => linked.get(target));
        if (issue) throw badRequest(`${where}: ${issue.path}: ${issue.message}`);
        if (isTarget) linked.set(id, row);
        const createdAt = restoredCreatedAt(raw.createdAt, where, now);
        if (isTarget && typeof raw.id === "string") {
          if (ids.has(raw.id)) throw badRequest(`${where} has the same id as an earlier record of the file.`);
          ids.set(raw.id, id);
        }
        if (here) {
          alreadyHere += 1;
          continue;
        }
        await write(out, `${JSON.stringify({ ...row, id, createdAt: createdAt.toISOString() })}\n`);
        kept += 1;
      }
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw badRequest(`The ${title} section of this file cannot be read: it may have been cut short.`);
    } finally {
      out.end();
      await once(out, "close").catch(() => {});
    }
    totals[section.name] = kept;
    if (withoutImage) {
      skipped.push(
        `${withoutImage} ${section.recordLabel}${withoutImage === 1 ? "" : "s"}: the file holds no image`,
      );
    }
  }
  return { totals, skipped, alreadyHere, photoBytes };
}
