import type { FastifyInstance } from "fastify";
import { specialistVisitInput } from "../../../domain/visits";
import type { Db } from "../../db/client";
import { specialistVisits } from "../../db/schema/index";
import { registerOwnedCrud } from "../../lib/owned-crud";

export function specialistVisitRoutes(app: FastifyInstance, db: Db) {
  registerOwnedCrud(app, db, {
    path: "/api/specialist-visits",
    entity: "specialist_visit",
    table: specialistVisits,
    schema: specialistVisitInput,
    updateMethods: ["PATCH"],
    childFilter: "withUnlinked",
    summary: (row) => `${row.doctorName} (${row.specialty})`,
  });
}
