import type { FastifyInstance } from "fastify";
import { tpnEntryInput } from "../../../domain/tpn";
import type { Db } from "../../db/client";
import { tpnEntries } from "../../db/schema/index";
import { registerOwnedCrud } from "../../lib/owned-crud";

export function tpnRoutes(app: FastifyInstance, db: Db) {
  registerOwnedCrud(app, db, {
    path: "/api/tpn",
    entity: "tpn_entry",
    table: tpnEntries,
    schema: tpnEntryInput,
    updateMethods: ["PUT"],
    childFilter: "exact",
    summary: (row) => `TPN entry for ${row.date}`,
  });
}
