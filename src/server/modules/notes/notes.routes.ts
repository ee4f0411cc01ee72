import type { FastifyInstance } from "fastify";
import { noteInput } from "../../../domain/notes";
import type { Db } from "../../db/client";
import { notes } from "../../db/schema/index";
import { registerOwnedCrud } from "../../lib/owned-crud";

export function noteRoutes(app: FastifyInstance, db: Db) {
  registerOwnedCrud(app, db, {
    path: "/api/notes",
    entity: "note",
    table: notes,
    schema: noteInput,
    updateMethods: ["PATCH"],
    childFilter: "withUnlinked",
    summary: (row) => row.title as string,
  });
}
