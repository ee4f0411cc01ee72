import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { medicalAllergyInput } from "../../../domain/allergies";
import { careTeamMemberInput } from "../../../domain/care-team";
import { childInput } from "../../../domain/children";
import { EXPORT_FORMAT_NAME, EXPORT_VERSION, type ImportReport } from "../../../domain/exports";
import { foodDiaryEntryInput } from "../../../domain/food-diary";
import { infusionCenterInput } from "../../../domain/infusion-centers";
import { labTestInput } from "../../../domain/labs";
import { medicationInput } from "../../../domain/medications";
import { noteInput } from "../../../domain/notes";
import { medicalPhotoInput } from "../../../domain/photos";
import { physicalTherapySessionInput } from "../../../domain/physical-therapy";
import { piccInfectionInput, piccLineInput } from "../../../domain/picc";
import { supplyInput, supplyUsageInput } from "../../../domain/supplies";
import { symptomEntryInput } from "../../../domain/symptoms";
import { tpnEntryInput } from "../../../domain/tpn";
import { specialistVisitInput } from "../../../domain/visits";
import type { Db, Tx } from "../../db/client";
import { storedObjects } from "../../db/schema/index";
import { CARE_RECORD_TABLES } from "../../db/schema/owned-tables";
import { writeAudit } from "../../lib/audit";
import { badRequest } from "../../lib/errors";
import type { OwnerScope } from "../../lib/transaction";
import type { ObjectStorage } from "../../storage/object-storage";
import { processPhoto } from "../objects/images";
import { deleteObjectFiles, objectKeys } from "../objects/objects.queries";
import { EXPORT_SECTIONS, type SectionName } from "./export-sections";

/** Each section's rules (the same schemas a form or the API uses) and the links it has to remap. */
const SECTIONS: { name: SectionName; input: z.ZodObject; links: Record<string, SectionName> }[] = [
  { name: "children", input: childInput, links: {} },
  { name: "careTeamMembers", input: careTeamMemberInput, links: {} },
  { name: "tpnSupplies", input: supplyInput, links: {} },
  { name: "supplyUsage", input: supplyUsageInput, links: { supplyId: "tpnSupplies" } },
  { name: "infusionCenters", input: infusionCenterInput, links: { childId: "children" } },
  { name: "piccLines", input: piccLineInput, links: { childId: "children" } },
  {
    name: "piccInfections",
    input: piccInfectionInput,
    links: { childId: "children", piccLineId: "piccLines" },
  },
  { name: "tpnEntries", input: tpnEntryInput, links: { childId: "children" } },
  { name: "specialistVisits", input: specialistVisitInput, links: { childId: "children" } },
  { name: "labTests", input: labTestInput, links: { childId: "children" } },
  { name: "symptomEntries", input: symptomEntryInput, links: { childId: "children" } },
  { name: "medicalAllergies", input: medicalAllergyInput, links: { childId: "children" } },
  { name: "medications", input: medicationInput, links: { childId: "children" } },
  { name: "notes", input: noteInput, links: { childId: "children" } },
  { name: "physicalTherapySessions", input: physicalTherapySessionInput, links: { childId: "children" } },
  { name: "foodDiaryEntries", input: foodDiaryEntryInput, links: { childId: "children" } },
  { name: "medicalPhotos", input: medicalPhotoInput, links: { childId: "children" } },
];

const title = (name: SectionName) => EXPORT_SECTIONS.find((s) => s.name === name)?.title ?? name;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Checks the file's envelope: what it is, which version, and that every section is a list. */
function readEnvelope(file: unknown): Record<string, unknown> {
  if (!isRecord(file) || file.format !== EXPORT_FORMAT_NAME) {
    throw badRequest(
      "This file is not a Medical Care Tracker export (a JSON download from Account Settings).",
    );
  }
  if (typeof file.version !== "number" || !Number.isInteger(file.version)) {
    throw badRequest("This export has no version number; it may have been edited.");
  }
  if (file.version > EXPORT_VERSION) {
    throw badRequest(
      `This export was made by a newer version of Medical Care Tracker (format version ${file.version}). Update this server, then import it again.`,
    );
  }
  for (const { name } of SECTIONS) {
    if (file[name] !== undefined && !Array.isArray(file[name]))
      throw badRequest(`The ${title(name)} section of this file is not a list.`);
  }
  return file;
}

/**
 * Restores a JSON export into the signed-in account: every record is checked by the same rules as
 * a form, gets a new id, and its links (child, supply, line) follow the new ids; the records keep
 * their creation times. All or nothing: one transaction, and the photo files written for it are
 * removed again if it fails. Photos come back when the file holds their images.
 */
export async function importExport(
  db: Db,
  storage: ObjectStorage,
  scope: OwnerScope,
  file: unknown,
): Promise<ImportReport> {
  const envelope = readEnvelope(file);
  const written: string[] = [];
  try {
    return await db.transaction(async (tx) => {
      const newIds = new Map<string, string>();
      const imported: Record<string, number> = {};
      const skipped: string[] = [];
      for (const section of SECTIONS) {
        const rows = (envelope[section.name] as unknown[] | undefined) ?? [];
        const values: Record<string, unknown>[] = [];
        let withoutImage = 0;
        for (const [index, raw] of rows.entries()) {
          const where = `${title(section.name)}, record ${index + 1}`;
          if (!isRecord(raw)) throw badRequest(`${where} is not a record.`);
          const input: Record<string, unknown> = { ...raw };
          for (const [field, target] of Object.entries(section.links)) {
            if (input[field] === null || input[field] === undefined) continue;
            const id = newIds.get(String(input[field]));
            if (!id)
              throw badRequest(
                `${where} refers to a ${title(target).toLowerCase()} record that is not in the file.`,
              );
            input[field] = id;
          }
          if (section.name === "medicalPhotos") {
            if (typeof raw.image !== "string") {
              withoutImage += 1;
              continue;
            }
            input.photoUrl = await storePhoto(tx, storage, scope.ownerId, raw.image, where, written);
          }
          const parsed = section.input.safeParse(input);
          if (!parsed.success) {
            const issue = parsed.error.issues[0]!;
            throw badRequest(`${where}: ${issue.path.join(".") || "value"}: ${issue.message}`);
          }
          const id = randomUUID();
          if (typeof raw.id === "string") newIds.set(raw.id, id);
          const createdAt =
            typeof raw.createdAt === "string" && !Number.isNaN(Date.parse(raw.createdAt))
              ? new Date(raw.createdAt)
              : new Date();
          values.push({ ...parsed.data, id, userId: scope.ownerId, createdAt });
        }
        const table = CARE_RECORD_TABLES[section.name];
        for (let start = 0; start < values.length; start += 500) {
          await tx.insert(table).values(values.slice(start, start + 500) as never);
        }
        imported[section.name] = values.length;
        if (withoutImage)
          skipped.push(
            `${withoutImage} medical photo${withoutImage === 1 ? "" : "s"}: the file holds no image`,
          );
      }
      const total = Object.values(imported).reduce((sum, n) => sum + n, 0);
      await writeAudit(tx, {
        ownerId: scope.ownerId,
        actorId: scope.actorId,
        action: "create",
        entity: "account_import",
        entityId: scope.ownerId,
        summary: `${total} records from an export`,
      });
      return { message: `Imported ${total} record${total === 1 ? "" : "s"}.`, imported, skipped };
    });
  } catch (error) {
    for (const key of written) await deleteObjectFiles(storage, key);
    throw error;
  }
}

/** Checks and stores a photo of the file like an upload, and attaches it; answers its object path. */
async function storePhoto(
  tx: Tx,
  storage: ObjectStorage,
  ownerId: string,
  base64: string,
  where: string,
  written: string[],
): Promise<string> {
  let photo: Awaited<ReturnType<typeof processPhoto>>;
  try {
    photo = await processPhoto(Buffer.from(base64, "base64"));
  } catch {
    throw badRequest(`${where}: its image is not a photo this server can read.`);
  }
  const id = randomUUID();
  const storageKey = `${ownerId}/${id}`;
  written.push(storageKey);
  await storage.put(objectKeys(storageKey).full, photo.full, { contentType: photo.contentType });
  await storage.put(objectKeys(storageKey).thumbnail, photo.thumbnail, { contentType: photo.contentType });
  const now = new Date();
  const objectPath = `/objects/uploads/${id}`;
  await tx.insert(storedObjects).values({
    id,
    userId: ownerId,
    objectPath,
    storageKey,
    contentType: photo.contentType,
    sizeBytes: photo.full.length,
    uploadedAt: now,
    finalizedAt: now,
    attachedAt: now,
  });
  return objectPath;
}
