import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import { unauthorized } from "../../lib/errors";
import { getUser, toCurrentUser } from "../auth/users.queries";
import { type ExportSection, readAllRecords } from "./exports.queries";

/** Sections in reading order for a person opening the file: the children first. */
const SECTION_ORDER = [
  "children",
  "careTeamMembers",
  "tpnEntries",
  "tpnSupplies",
  "supplyUsage",
  "infusionCenters",
  "piccLines",
  "piccInfections",
  "specialistVisits",
  "labTests",
  "symptomEntries",
  "medicalAllergies",
  "medications",
  "notes",
  "physicalTherapySessions",
  "foodDiaryEntries",
  "medicalPhotos",
] as const satisfies readonly ExportSection[];

export function exportRoutes(app: FastifyInstance, db: Db) {
  /** The whole account as one JSON file: 'tpn-tracker-export-{yyyy-MM-dd}.json' (spec section 7). */
  app.get("/api/account/export", async (request, reply) => {
    const ownerId = request.ownerId();
    const user = await getUser(db, ownerId);
    if (!user) throw unauthorized();
    const sections = await readAllRecords(db, ownerId);
    const exportedAt = new Date();
    // Streamed section by section, so a large history is never one string in memory.
    async function* body() {
      yield `{"format":"medical-care-tracker-export","version":1,"exportedAt":${JSON.stringify(exportedAt.toISOString())}`;
      yield `,"account":${JSON.stringify(toCurrentUser(user!))}`;
      for (const name of SECTION_ORDER) yield `,${JSON.stringify(name)}:${JSON.stringify(sections[name])}`;
      yield "}\n";
    }
    const date = exportedAt.toISOString().slice(0, 10);
    return reply
      .header("content-type", "application/json; charset=utf-8")
      .header("content-disposition", `attachment; filename="tpn-tracker-export-${date}.json"`)
      .header("cache-control", "no-store")
      .send(Readable.from(body()));
  });
}
