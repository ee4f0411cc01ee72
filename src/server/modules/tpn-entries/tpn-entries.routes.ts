import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { today as localToday } from "../../../domain/dates";
import { requiredId } from "../../../domain/fields";
import { tpnEntryInput, tpnEntryRecord } from "../../../domain/tpn";
import { tpnDayRecord } from "../../../domain/trends";
import type { ModuleRoutes } from "../../app-context";
import { registerOwnedRoutes } from "../../lib/owned-routes";
import { todayParam, trendDaysParam } from "../../lib/query-params";
import { tpnByDay, tpnRecords } from "./tpn-entries.queries";

export const tpnEntriesRoutes: ModuleRoutes = (scope, { db }) => {
  scope.withTypeProvider<ZodTypeProvider>().get(
    "/api/tpn/daily",
    {
      schema: {
        querystring: z.object({
          childId: requiredId("childId"),
          today: todayParam,
          days: trendDaysParam,
        }),
        response: { 200: z.array(tpnDayRecord) },
      },
    },
    (request) =>
      tpnByDay(
        db,
        request.access(),
        request.query.childId,
        request.query.today ?? localToday(),
        request.query.days,
      ),
  );
  registerOwnedRoutes(scope, db, {
    path: "/api/tpn",
    records: tpnRecords,
    input: tpnEntryInput,
    record: tpnEntryRecord,
    updateMethods: ["PUT"],
  });
};
