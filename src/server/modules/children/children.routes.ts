import { asc } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { childInput } from "../../../domain/children";
import type { Db } from "../../db/client";
import { children } from "../../db/schema/index";
import { registerOwnedCrud } from "../../lib/owned-crud";

export function childrenRoutes(app: FastifyInstance, db: Db) {
  registerOwnedCrud(app, db, {
    path: "/api/children",
    entity: "child",
    table: children,
    schema: childInput,
    updateMethods: ["PUT"],
    // Children keep the order in which they were added, so the first child stays first.
    orderBy: [asc(children.createdAt), asc(children.name)],
    summary: (row) => row.name as string,
  });
}
