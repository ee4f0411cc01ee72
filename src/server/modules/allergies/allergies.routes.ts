import type { FastifyInstance } from "fastify";
import { medicalAllergyInput } from "../../../domain/allergies";
import type { Db } from "../../db/client";
import { medicalAllergies } from "../../db/schema/index";
import { registerOwnedCrud } from "../../lib/owned-crud";

export function allergyRoutes(app: FastifyInstance, db: Db) {
  registerOwnedCrud(app, db, {
    path: "/api/allergies",
    entity: "medical_allergy",
    table: medicalAllergies,
    schema: medicalAllergyInput,
    updateMethods: ["PATCH"],
    childFilter: "withUnlinked",
    summary: (row) => `${row.allergen} (${row.severity})`,
  });
}
