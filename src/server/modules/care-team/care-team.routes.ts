import type { FastifyInstance } from "fastify";
import { careTeamMemberInput } from "../../../domain/care-team";
import type { Db } from "../../db/client";
import { careTeamMembers } from "../../db/schema/index";
import { registerOwnedCrud } from "../../lib/owned-crud";

export function careTeamRoutes(app: FastifyInstance, db: Db) {
  registerOwnedCrud(app, db, {
    path: "/api/care-team",
    entity: "care_team_member",
    table: careTeamMembers,
    schema: careTeamMemberInput,
    updateMethods: ["PATCH"],
    summary: (row) => `${row.name} (${row.role})`,
  });
}
