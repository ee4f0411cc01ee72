// The age a growth chart reads: age since birth in months, or, for a child born before 37 weeks,
// the corrected age until 2 years. No growth tables here: the child form and the growth screen's
// texts read it too.
//
// Corrected (gestation-adjusted) age = age since birth − (40 weeks − gestational age at birth):
// CDC growth chart training, "Overview of the CDC Growth Charts" (after Kessler & Dawson 1999), whose
// worked example is a child born at 30 weeks, 12 weeks old, plotted as a 2-week-old; AAP,
// HealthyChildren.org "Corrected Age for Preemies" (born at 32 weeks, 4 months old: about 2 months).
// Until 24 months of age: CDC/HRSA Maternal and Child Health Bureau, "Growth Charts for Children with
// Special Health Care Needs" (CDC growth chart training), section "Using corrected age to plot
// measures for low birthweight and premature infants": "For most premature infants, the corrected age
// should be used until he/she reaches 2 years when plotting length, weight, and head circumference";
// the AAP's "Your Preemie's Growth & Developmental Milestones": by 2 years most have caught up. Born
// before 37 weeks is preterm (WHO). A clinic that corrects longer (to 3 years for the smallest babies,
// as the same CDC module allows) reads the chronological age the screen gives beside it.

/** Days in a month: 365.25 / 12, the WHO's and the CDC's convention. */
/** The sex a growth table is read for (WHO and CDC tables have one per sex). */
export type GrowthSex = "male" | "female";

export const DAYS_PER_MONTH = 30.4375;
/** A term pregnancy, in days of gestation: 40 weeks. */
export const TERM_DAYS = 40 * 7;
/** Born before this many weeks is preterm, and the growth charts use the corrected age. */
export const PRETERM_WEEKS = 37;
/** Corrected age applies until this age since birth, in months. */
export const CORRECTED_UNTIL_MONTHS = 24;

/** The gestational age at birth, as a clinic writes it: 30 weeks 4 days (30+4). */
export interface Gestation {
  weeks: number;
  days: number;
}

/** The gestational age of a child profile's two fields, or null when the weeks are not given. */
export function gestationOf(child: {
  gestationalAgeWeeks: number | null;
  gestationalAgeDays: number | null;
}): Gestation | null {
  if (child.gestationalAgeWeeks === null) return null;
  return { weeks: child.gestationalAgeWeeks, days: child.gestationalAgeDays ?? 0 };
}

/** "30 weeks 4 days", "32 weeks", "35 weeks 1 day". */
export function gestationText({ weeks, days }: Gestation): string {
  return days ? `${weeks} weeks ${days} day${days === 1 ? "" : "s"}` : `${weeks} weeks`;
}

/** Whether a child born at this gestational age is preterm (before 37 weeks). */
export function isPreterm(gestation: Gestation | null): gestation is Gestation {
  return gestation !== null && gestation.weeks < PRETERM_WEEKS;
}

/**
 * The corrected age in days at `ageDays` since birth, for a child born before 37 weeks: the days
 * since birth less the days born before 40 weeks (negative before the due date). Null when the
 * child was born at term or the gestational age is not known; the 24-month limit is growthAge's.
 */
export function correctedAgeDays(ageDays: number, gestation: Gestation | null): number | null {
  if (!isPreterm(gestation)) return null;
  return ageDays - (TERM_DAYS - (gestation.weeks * 7 + gestation.days));
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
function utcDay(date: string): number | null {
  const match = DATE.exec(date);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(y, m - 1, d);
  const back = new Date(time);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d) return null;
  return time / 86_400_000;
}

/**
 * Age in months on a date: the completed days since birth divided by 30.4375 (365.25 / 12), the
 * convention of the WHO Anthro software and the CDC's programs. Null for an invalid date or a date
 * before birth.
 */
export function ageInMonths(dateOfBirth: string, onDate: string): number | null {
  const born = utcDay(dateOfBirth);
  const on = utcDay(onDate);
  if (born === null || on === null || on < born) return null;
  return (on - born) / DAYS_PER_MONTH;
}

/**
 * A measurement's age on a date: months since birth, and the corrected age in months while it
 * applies (born before 37 weeks and under 24 months since birth; it can be negative before the due
 * date), else null. Null for an invalid date or a date before birth.
 */
export function growthAge(input: {
  dateOfBirth: string;
  onDate: string;
  gestation: Gestation | null;
}): { ageMonths: number; correctedAgeMonths: number | null } | null {
  const ageMonths = ageInMonths(input.dateOfBirth, input.onDate);
  if (ageMonths === null) return null;
  const days =
    ageMonths < CORRECTED_UNTIL_MONTHS
      ? correctedAgeDays(Math.round(ageMonths * DAYS_PER_MONTH), input.gestation)
      : null;
  return { ageMonths, correctedAgeMonths: days === null ? null : days / DAYS_PER_MONTH };
}
