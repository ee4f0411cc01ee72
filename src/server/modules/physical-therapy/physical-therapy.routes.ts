import type { FastifyInstance } from "fastify";
import { physicalTherapySessionInput } from "../../../domain/physical-therapy";
import type { Db } from "../../db/client";
import { physicalTherapySessions } from "../../db/schema/index";
import { registerOwnedCrud } from "../../lib/owned-crud";

export function physicalTherapyRoutes(app: FastifyInstance, db: Db) {
  registerOwnedCrud(app, db, {
    path: "/api/physical-therapy",
    entity: "physical_therapy_session",
    table: physicalTherapySessions,
    schema: physicalTherapySessionInput,
    updateMethods: ["PATCH"],
    childFilter: "withUnlinked",
    summary: (row) => `Therapy with ${row.therapist}`,
  });
}
