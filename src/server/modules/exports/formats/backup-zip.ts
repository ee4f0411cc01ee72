import { once } from "node:events";
import { Readable } from "node:stream";
import { ZipArchive } from "archiver";
import { currentUserRecord } from "../../../../domain/auth";
import { EXPORT_FORMAT_NAME, EXPORT_VERSION } from "../../../../domain/exports";
import { OBJECT_PATH } from "../../../../domain/photos";
import { ObjectNotFoundError } from "../../../storage/object-storage";
import { type ExportContext, type ExportFormatter, partOf } from "../export-model";
import { PHOTO_SECTIONS } from "../restore/restore-sections";

/** Where a photo record's image sits in a backup. */
const photoFile = (objectId: string) => `photos/${objectId}.jpg`;

/** The photo files this export can include: each photo record's stored image, opened (or missing). */
async function* storedPhotos(context: ExportContext): AsyncGenerator<{ objectId: string; stream: Readable }> {
  for (const section of context.sections.filter((s) => PHOTO_SECTIONS.includes(s.name))) {
    yield* sectionPhotos(context, section);
  }
}

async function* sectionPhotos(
  context: ExportContext,
  section: ExportContext["sections"][number],
): AsyncGenerator<{ objectId: string; stream: Readable }> {
  for await (const row of context.rows(section)) {
    const objectId = typeof row.photoUrl === "string" ? OBJECT_PATH.exec(row.photoUrl)?.[1] : undefined;
    if (!objectId) continue;
    try {
      yield { objectId, stream: await context.storage.read(`${context.familyId}/${objectId}`) };
    } catch (error) {
      if (!(error instanceof ObjectNotFoundError)) throw error;
    }
  }
}

/** One section's records, a JSON line each; a photo record names its image's file when the backup has it. */
async function* sectionLines(context: ExportContext, name: string, photos: ReadonlySet<string>) {
  const section = context.sections.find((s) => s.name === name)!;
  for await (const row of context.rows(section, "created", true)) {
    if (PHOTO_SECTIONS.includes(section.name)) {
      const objectId = typeof row.photoUrl === "string" ? OBJECT_PATH.exec(row.photoUrl)?.[1] : undefined;
      yield `${JSON.stringify({ ...row, photoFile: objectId && photos.has(objectId) ? photoFile(objectId) : null })}\n`;
    } else yield `${JSON.stringify(row)}\n`;
  }
}

/**
 * Everything, photos included, to keep or to restore: a ZIP holding `backup.json` (what the file
 * is), `records/<section>.jsonl` (a record per line, as the JSON export writes them) and
 * `photos/<id>.jpg`. Photos are stored as they are (already compressed); records deflated. Each
 * entry is written once the one before it is done, so the archive streams with bounded memory
 * however many photos and records there are.
 */
export const backupExport: ExportFormatter = {
  format: "backup",
  contentType: "application/zip",
  extension: "zip",
  stem: "tpn-tracker-backup",
  render(context) {
    const archive = new ZipArchive({ zlib: { level: 6 } });
    /** Adds an entry and waits until it is written. */
    const add = async (source: string | Readable, data: { name: string; store?: boolean }) => {
      const written = once(archive, "entry");
      archive.append(source, data);
      await written;
    };
    void (async () => {
      const head = {
        format: EXPORT_FORMAT_NAME,
        version: EXPORT_VERSION,
        exportedAt: context.exportedAt.toISOString(),
        account: currentUserRecord.encode(context.account),
        ...(context.scope.childId || context.scope.from || context.scope.to ? { scope: context.scope } : {}),
        ...(await context.family()),
      };
      await add(`${JSON.stringify(head)}\n`, { name: "backup.json" });
      const photos = new Set<string>();
      for await (const { objectId, stream } of storedPhotos(context)) {
        await add(stream, { name: photoFile(objectId), store: true });
        photos.add(objectId);
      }
      for (const section of context.sections) {
        await add(partOf(archive, Readable.from(sectionLines(context, section.name, photos))), {
          name: `records/${section.name}.jsonl`,
        });
      }
      await archive.finalize();
    })().catch((error: Error) => archive.destroy(error));
    return archive;
  },
};
