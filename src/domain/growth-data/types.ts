/** One row of an LMS table: age in months, then the Box-Cox power L, the median M and the coefficient of variation S. */
export type LmsRow = readonly [ageMonths: number, l: number, m: number, s: number];

/** A growth reference by sex, rows in rising age (Cole & Green 1992, the LMS method). */
export interface LmsTable {
  /** Publisher, table and the repository and commit the numbers were read from. */
  readonly source: string;
  /** yyyy-MM-dd the files were fetched. */
  readonly retrieved: string;
  readonly sex: { readonly male: readonly LmsRow[]; readonly female: readonly LmsRow[] };
}
