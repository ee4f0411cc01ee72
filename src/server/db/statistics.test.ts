import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/helpers/test-database";
import { gatherPlannerStatistics } from "./client";

describe("the embedded database's planner statistics", () => {
  it("are gathered at start, so a page of a long history is read from its index, not sorted", async () => {
    // The migrated template, loaded: starting PGlite afresh and migrating would cost seconds.
    const { database, drop } = await createTestDatabase("embedded");
    try {
      const owner = "00000000-0000-4000-8000-000000000001";
      await database.db.execute(sql`insert into users (id, email) values (${owner}, 'plan@example.org')`);
      await database.db.execute(sql`insert into families (id, name) values (${owner}, 'The Plan family')`);
      await database.db.execute(sql`
        insert into symptom_entries (family_id, date, time, symptoms, pain_level)
        select ${owner}, current_date - i, '08:30', array['nausea'], 3 from generate_series(0, 9999) as i`);
      const plan = async () => {
        const result = (await database.db.execute(sql`
          explain select * from symptom_entries where family_id = ${owner}
          order by date desc nulls last, coalesce(time, '') desc nulls last, created_at desc nulls last, id desc nulls last
          limit 101`)) as unknown as { rows: Record<string, string>[] };
        return result.rows.map((row) => Object.values(row)[0]).join("\\n");
      };
      await gatherPlannerStatistics(database.db);
      expect(await plan()).toMatch(/Index Scan using symptom_entries_page_idx/);
      expect(await plan()).not.toMatch(/Sort/);
    } finally {
      await drop();
    }
  });
});
