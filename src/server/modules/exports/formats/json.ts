import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { currentUserRecord } from "../../../../domain/auth";
import { EXPORT_FORMAT_NAME, EXPORT_VERSION } from "../../../../domain/exports";
import { OBJECT_PATH } from "../../../../domain/photos";
import { ObjectNotFoundError } from "../../../storage/object-storage";
import type { ExportContext, ExportFormatter } from "../export-model";
import { PHOTO_SECTIONS } from "../restore/restore-sections";

/** A photo record's image, as base64 JPEG, for an export a restore can bring the photos back from. */
async function photoImage(context: ExportContext, photoUrl: unknown): Promise<string | null> {
  const id = typeof photoUrl === "string" ? OBJECT_PATH.exec(photoUrl)?.[1] : undefined;
  if (!id) return null;
  try {
    return (await buffer(await context.storage.read(`${context.familyId}/${id}`))).toString("base64");
  } catch (error) {
    if (error instanceof ObjectNotFoundError) return null;
    throw error;
  }
}

/**
 * The whole account as one JSON document (spec: 'tpn-tracker-export-{date}.json'), written a page
 * of rows at a time. Its `format` and `version` let an import know what it reads.
 */
export const jsonExport: ExportFormatter = {
  format: "json",
  contentType: "application/json; charset=utf-8",
  extension: "json",
  render(context) {
    async function* body() {
      yield `{"format":${JSON.stringify(EXPORT_FORMAT_NAME)},"version":${EXPORT_VERSION},"exportedAt":${JSON.stringify(context.exportedAt.toISOString())}`;
      yield `,"account":${JSON.stringify(currentUserRecord.encode(context.account))}`;
      if (context.scope.childId || context.scope.from || context.scope.to)
        yield `,"scope":${JSON.stringify(context.scope)}`;
      const { settings, people } = await context.family();
      yield `,"settings":${JSON.stringify(settings)},"people":${JSON.stringify(people)}`;
      for (const section of context.sections) {
        yield `,${JSON.stringify(section.name)}:[`;
        let first = true;
        for await (const row of context.rows(section, "created", true)) {
          const record =
            PHOTO_SECTIONS.includes(section.name) && context.includePhotos
              ? { ...row, image: await photoImage(context, row.photoUrl) }
              : row;
          yield `${first ? "" : ","}${JSON.stringify(record)}`;
          first = false;
        }
        yield "]";
      }
      yield "}\n";
    }
    return Readable.from(body());
  },
};
