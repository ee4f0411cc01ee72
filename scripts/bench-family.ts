import { sql } from "drizzle-orm";
import type { Db } from "../src/server/db/client";

/**
 * A realistic ten-year family for benchmarks, written straight into the tables (a few seconds
 * instead of 15,000 requests): two children; for the first, a TPN entry, a symptom entry and a
 * supply usage every day; for both, weekly notes and monthly labs and visits; `scale` multiplies
 * the years (10: a century of history, for the 10x check). About 15,000 records at scale 1.
 */
export async function seedTenYearFamily(
  db: Db,
  familyId: string,
  childIds: [string, string],
  scale = 1,
  /** With a scale above 1, keep every date within ten years (several records a day) instead of a century. */
  { withinTenYears = false } = {},
) {
  const days = Math.round(3650 * scale);
  const span = withinTenYears ? 3650 : days;
  const [first, _second] = childIds;
  await db.execute(sql`
    insert into tpn_entries (family_id, child_id, date, calories, protein, carbohydrates, fat, volume, duration, notes)
    select ${familyId}, ${first}, current_date - (i % ${span}::int), 800 + i % 100, 25, 120, 20, 1000 + i % 200, 12, 'Ran overnight, no alarms'
    from generate_series(0, ${days - 1}::int) as i`);
  await db.execute(sql`
    insert into symptom_entries (family_id, child_id, date, time, symptoms, pain_level, severity, notes)
    select ${familyId}, ${first}, current_date - (i % ${span}::int), '08:30',
      array[(array['fever','nausea','cramps','rash','fatigue'])[1 + i % 5]], 1 + i % 10, 'mild', 'After the evening feed'
    from generate_series(0, ${days - 1}::int) as i`);
  const [supply] = (
    (await db.execute(sql`
      insert into tpn_supplies (family_id, name, category, current_stock, min_threshold, unit)
      values (${familyId}, 'Filters', 'filters', 100000, 10, 'each') returning id`)) as unknown as {
      rows: { id: string }[];
    }
  ).rows;
  await db.execute(sql`
    insert into supply_usage (family_id, supply_id, quantity_used, usage_date)
    select ${familyId}, ${supply!.id}, 1, current_date - (i % ${span}::int)
    from generate_series(0, ${days - 1}::int) as i`);
  for (const childId of childIds) {
    await db.execute(sql`
      insert into notes (family_id, child_id, title, content, tags)
      select ${familyId}, ${childId}, 'Week ' || i, repeat('The pump alarmed once, line flushed fine. ', 4), array['pump']
      from generate_series(1, ${Math.round(days / 7)}::int) as i`);
    await db.execute(sql`
      insert into lab_tests (family_id, child_id, test_name, date, results, normal_range, status, ordered_by)
      select ${familyId}, ${childId}, (array['Hemoglobin','Sodium','Potassium','ALT'])[1 + i % 4], current_date - (i * 30 % ${span}::int),
        (10 + i % 5)::text || ' g/dL', '11.5-15.5 g/dL', 'completed', 'Dr. Patel'
      from generate_series(0, ${Math.round(days / 30) - 1}::int) as i`);
    await db.execute(sql`
      insert into specialist_visits (family_id, child_id, doctor_name, specialty, date, time, location, purpose)
      select ${familyId}, ${childId}, 'Dr. Patel', 'Gastroenterology', current_date - (i * 30 % ${span}::int), '10:00', 'Clinic B', 'Review'
      from generate_series(0, ${Math.round(days / 30) - 1}::int) as i`);
  }
  // Written by the family's owner, as the app would have kept them: every list names its authors.
  for (const table of [
    "tpn_entries",
    "symptom_entries",
    "tpn_supplies",
    "supply_usage",
    "notes",
    "lab_tests",
    "specialist_visits",
  ]) {
    await db.execute(sql`
      update ${sql.identifier(table)} set created_by = m.user_id, updated_by = m.user_id
      from family_members m where m.family_id = ${familyId} and m.role = 'owner'
        and ${sql.identifier(table)}.family_id = ${familyId} and ${sql.identifier(table)}.created_by is null`);
  }
}
