import { and, asc, eq, inArray } from "drizzle-orm";
import { bmi, type GrowthKind, growthZ } from "../../../domain/growth";
import { gestationOf, growthAge, isPreterm } from "../../../domain/growth-age";
import type { Db } from "../../db/client";
import { children, vitals } from "../../db/schema/index";
import { type FamilyView, inView } from "../../lib/child-scope";

const MEASURED = ["weight", "height", "head-circumference"] as const;

/**
 * A child's weights, lengths or heights and head circumferences, each with its age, z-score and
 * percentile on the WHO (under 24 months) or CDC (from 24 months) reference, and a BMI for each day
 * with both a weight and a height. Needs the child's sex and date of birth: without them the
 * points come without a z-score, and `missing` says which is lacking. For a child born before 37
 * weeks, a point under 24 months also has its corrected age, which places it (growth-age.ts); before
 * the due date it has no z-score (the WHO charts start at term). Undefined for a child the view
 * does not see.
 */
export async function growthOf(db: Db, view: FamilyView, childId: string) {
  const [child] = await db
    .select({
      gender: children.gender,
      dateOfBirth: children.dateOfBirth,
      gestationalAgeWeeks: children.gestationalAgeWeeks,
      gestationalAgeDays: children.gestationalAgeDays,
    })
    .from(children)
    .where(and(eq(children.id, childId), inView(view, children)));
  if (!child) return undefined;
  const rows = await db
    .select({ id: vitals.id, date: vitals.date, kind: vitals.kind, value: vitals.value })
    .from(vitals)
    .where(and(inView(view, vitals), eq(vitals.childId, childId), inArray(vitals.kind, [...MEASURED])))
    .orderBy(asc(vitals.date), asc(vitals.createdAt));
  const sex = child.gender;
  const missing = [...(sex ? [] : ["sex" as const]), ...(child.dateOfBirth ? [] : ["dateOfBirth" as const])];
  const gestation = gestationOf(child);
  const round2 = (x: number) => Math.round(x * 100) / 100;
  const point = (id: string, date: string, kind: GrowthKind, value: number) => {
    const age = child.dateOfBirth
      ? growthAge({ dateOfBirth: child.dateOfBirth, onDate: date, gestation })
      : null;
    const placed = age ? (age.correctedAgeMonths ?? age.ageMonths) : null;
    const z = sex && placed !== null ? growthZ({ kind, sex, ageMonths: placed, value }) : null;
    return {
      id,
      date,
      kind,
      value,
      ageMonths: age === null ? 0 : round2(age.ageMonths),
      correctedAgeMonths: age?.correctedAgeMonths == null ? null : round2(age.correctedAgeMonths),
      zScore: z ? Math.round(z.zScore * 100) / 100 : null,
      percentile: z ? Math.round(z.percentile * 10) / 10 : null,
      reference: z?.reference ?? null,
    };
  };
  const points = rows.map((row) => point(row.id, row.date, row.kind as GrowthKind, row.value));
  // A BMI for each day with a weight and a height: the day's last of each.
  const byDay = new Map<string, { weight?: (typeof rows)[number]; height?: (typeof rows)[number] }>();
  for (const row of rows) {
    if (row.kind !== "weight" && row.kind !== "height") continue;
    byDay.set(row.date, { ...byDay.get(row.date), [row.kind]: row });
  }
  for (const [date, { weight, height }] of byDay) {
    const value = weight && height ? bmi(weight.value, height.value) : null;
    if (weight && value !== null) points.push(point(weight.id, date, "bmi", Math.round(value * 100) / 100));
  }
  return {
    sex,
    dateOfBirth: child.dateOfBirth,
    gestationalAge: gestation,
    correctsAge: isPreterm(gestation),
    missing,
    points,
  };
}
