/**
 * The blood tests home PN teams follow (research/hpn-and-peers.md §1.6: electrolytes, Ca/P/Mg,
 * glucose, triglycerides, liver tests, blood count, kidney tests, trace elements and vitamin D),
 * each in the units labs report it in, with the factor that turns a value in that unit into the
 * analyte's first unit (its SI unit, or for trace elements and vitamin D and BUN the mass unit
 * their LOINC codes measure).
 *
 * Conversion factors: the SI conversion table of the AMA Manual of Style (10th ed., 2007, section
 * 18.5, "Conventional units to SI units"), which reproduces Young DS, "Implementation of SI units
 * for clinical laboratory data", Ann Intern Med 1987;106:114-29. Each factor below is that
 * table's "conventional unit × factor = SI unit" column; where a unit is the same quantity written
 * another way (mEq/L of a monovalent ion is mmol/L, ×10³/µL is ×10⁹/L, mg/dL of a protein ×10 is
 * g/L), the factor is the unit arithmetic itself.
 *
 * LOINC codes: loinc.org (Regenstrief), the serum or plasma term of each analyte; a code differs
 * with the property measured (mass or moles per volume), so a unit may carry its own. Each code
 * was checked against a published FHIR artefact that uses it with the same name, found with a
 * search of public FHIR implementation guides (2026-11-29): US Core's "Serum Total Bilirubin"
 * example (1975-2); the Vulcan schedule IG's ObservationDefinitions (19123-9, 3094-0, and its
 * blood chemistry set: 2075-0, 1963-8, 2951-2, 14879-1, 1742-6); the French EDSH profiles (2324-2,
 * 6768-6, 14631-6, 22664-7); the LRC referral value set (2160-0, 2823-3, 17861-6, 2345-7, 1751-7,
 * 1920-8); the CDE catalogue's magnesium (2601-3); a published feature mapping of LOINC terms
 * (777-3, 2571-8); a VA FHIR Observation sample, "VITAMIN D,25-OH,TOTAL" (1989-3). Codes marked "(not re-checked here)" are
 * LOINC's, written from its table without a second source found in that search.
 */

/** A unit a lab may report an analyte in. */
export interface AnalyteUnit {
  /** As a person reads it: "µmol/L". */
  unit: string;
  /** Its UCUM code, for FHIR: "umol/L". */
  ucum: string;
  /** A value in this unit times `factor` is the value in the analyte's first unit. */
  factor: number;
  /**
   * Its LOINC code when it differs from the analyte's (mass instead of moles per volume); null
   * when no code is given for this property here (the value is then named by text alone).
   */
  loinc?: string | null;
}

export interface Analyte {
  key: string;
  label: string;
  /** The LOINC code of a value in its first unit. */
  loinc: string;
  /** The first is the analyte's own unit (SI), the one trends are drawn in. */
  units: readonly [AnalyteUnit, ...AnalyteUnit[]];
}

const SI = (unit: string, ucum = unit): AnalyteUnit => ({ unit, ucum, factor: 1 });
const UMOL_L = SI("µmol/L", "umol/L");
const MMOL_L = SI("mmol/L");
const U_L = SI("U/L");
const G_L = SI("g/L");
/** mEq/L of a monovalent ion is mmol/L. */
const MEQ_L_MONO: AnalyteUnit = { unit: "mEq/L", ucum: "meq/L", factor: 1 };

export const ANALYTES = [
  {
    key: "conjugated-bilirubin",
    label: "Conjugated (direct) bilirubin",
    loinc: "14629-0", // Bilirubin.direct [Moles/volume] in Serum or Plasma (not re-checked here)
    // AMA: bilirubin, mg/dL × 17.1 = µmol/L.
    units: [UMOL_L, { unit: "mg/dL", ucum: "mg/dL", factor: 17.1, loinc: "1968-7" }],
  },
  {
    key: "total-bilirubin",
    label: "Total bilirubin",
    loinc: "14631-6", // Bilirubin.total [Moles/volume] in Serum or Plasma
    units: [UMOL_L, { unit: "mg/dL", ucum: "mg/dL", factor: 17.1, loinc: "1975-2" }],
  },
  // Enzyme activities: U/L; AMA: U/L × 0.0167 = µkat/L, so 1 µkat/L = 60 U/L.
  {
    key: "alt",
    label: "ALT",
    loinc: "1742-6",
    units: [U_L, { unit: "µkat/L", ucum: "ukat/L", factor: 60 }],
  },
  {
    key: "ast",
    label: "AST",
    loinc: "1920-8",
    units: [U_L, { unit: "µkat/L", ucum: "ukat/L", factor: 60 }],
  },
  {
    key: "ggt",
    label: "GGT",
    loinc: "2324-2",
    units: [U_L, { unit: "µkat/L", ucum: "ukat/L", factor: 60 }],
  },
  {
    key: "alp",
    label: "Alkaline phosphatase",
    loinc: "6768-6",
    units: [U_L, { unit: "µkat/L", ucum: "ukat/L", factor: 60 }],
  },
  {
    key: "albumin",
    label: "Albumin",
    loinc: "1751-7", // Albumin [Mass/volume] in Serum or Plasma: g/L and g/dL alike
    // AMA: albumin, g/dL × 10 = g/L.
    units: [G_L, { unit: "g/dL", ucum: "g/dL", factor: 10 }],
  },
  {
    key: "triglycerides",
    label: "Triglycerides",
    loinc: "14927-8", // Triglyceride [Moles/volume] in Serum or Plasma (not re-checked here)
    // AMA: triglycerides, mg/dL × 0.0113 = mmol/L.
    units: [MMOL_L, { unit: "mg/dL", ucum: "mg/dL", factor: 0.0113, loinc: "2571-8" }],
  },
  {
    key: "glucose",
    label: "Glucose",
    loinc: "14749-6", // Glucose [Moles/volume] in Serum or Plasma (not re-checked here)
    // AMA: glucose, mg/dL × 0.0555 = mmol/L.
    units: [MMOL_L, { unit: "mg/dL", ucum: "mg/dL", factor: 0.0555, loinc: "2345-7" }],
  },
  { key: "sodium", label: "Sodium", loinc: "2951-2", units: [MMOL_L, MEQ_L_MONO] },
  { key: "potassium", label: "Potassium", loinc: "2823-3", units: [MMOL_L, MEQ_L_MONO] },
  { key: "chloride", label: "Chloride", loinc: "2075-0", units: [MMOL_L, MEQ_L_MONO] },
  { key: "bicarbonate", label: "Bicarbonate", loinc: "1963-8", units: [MMOL_L, MEQ_L_MONO] },
  {
    key: "urea",
    label: "Urea",
    loinc: "22664-7", // Urea [Moles/volume] in Serum or Plasma
    // AMA: urea, mg/dL × 0.1665 = mmol/L (mg/dL of urea itself, not of its nitrogen: see BUN).
    units: [MMOL_L, { unit: "mg/dL", ucum: "mg/dL", factor: 0.1665, loinc: null }],
  },
  {
    key: "bun",
    label: "Urea nitrogen (BUN)",
    loinc: "3094-0", // Urea nitrogen [Mass/volume] in Serum or Plasma
    // AMA: urea nitrogen, mg/dL × 0.357 = mmol/L of urea; kept in mg/dL, as US labs report it.
    units: [SI("mg/dL"), { unit: "mmol/L", ucum: "mmol/L", factor: 1 / 0.357, loinc: null }],
  },
  {
    key: "creatinine",
    label: "Creatinine",
    loinc: "14682-9", // Creatinine [Moles/volume] in Serum or Plasma (not re-checked here)
    // AMA: creatinine, mg/dL × 88.4 = µmol/L.
    units: [UMOL_L, { unit: "mg/dL", ucum: "mg/dL", factor: 88.4, loinc: "2160-0" }],
  },
  {
    key: "calcium",
    label: "Calcium",
    loinc: "2000-8", // Calcium [Moles/volume] in Serum or Plasma (not re-checked here)
    // AMA: calcium, mg/dL × 0.25 = mmol/L; mEq/L × 0.5 = mmol/L (divalent).
    units: [
      MMOL_L,
      { unit: "mg/dL", ucum: "mg/dL", factor: 0.25, loinc: "17861-6" },
      { unit: "mEq/L", ucum: "meq/L", factor: 0.5 },
    ],
  },
  {
    key: "magnesium",
    label: "Magnesium",
    loinc: "2601-3", // Magnesium [Moles/volume] in Serum or Plasma
    // AMA: magnesium, mg/dL × 0.4114 = mmol/L; mEq/L × 0.5 = mmol/L (divalent).
    units: [
      MMOL_L,
      { unit: "mg/dL", ucum: "mg/dL", factor: 0.4114, loinc: "19123-9" },
      { unit: "mEq/L", ucum: "meq/L", factor: 0.5 },
    ],
  },
  {
    key: "phosphate",
    label: "Phosphate",
    loinc: "14879-1", // Phosphate [Moles/volume] in Serum or Plasma
    // AMA: phosphorus (inorganic), mg/dL × 0.3229 = mmol/L.
    units: [MMOL_L, { unit: "mg/dL", ucum: "mg/dL", factor: 0.3229, loinc: "2777-1" }],
  },
  {
    key: "haemoglobin",
    label: "Haemoglobin",
    loinc: "718-7", // Hemoglobin [Mass/volume] in Blood (not re-checked here)
    // AMA: hemoglobin, g/dL × 10 = g/L.
    units: [G_L, { unit: "g/dL", ucum: "g/dL", factor: 10 }],
  },
  {
    key: "platelets",
    label: "Platelets",
    loinc: "777-3", // Platelets [#/volume] in Blood by Automated count
    // ×10³/µL is ×10⁹/L (AMA: platelet count, ×10³/µL × 1 = ×10⁹/L).
    units: [
      { unit: "×10⁹/L", ucum: "10*9/L", factor: 1 },
      { unit: "×10³/µL", ucum: "10*3/uL", factor: 1 },
    ],
  },
  {
    key: "crp",
    label: "C-reactive protein",
    loinc: "1988-5", // C reactive protein [Mass/volume] in Serum or Plasma (not re-checked here)
    // AMA: C-reactive protein, mg/dL × 10 = mg/L.
    units: [SI("mg/L"), { unit: "mg/dL", ucum: "mg/dL", factor: 10 }],
  },
  // Trace elements and vitamin D in the mass units their LOINC codes measure; the SI unit beside.
  {
    key: "zinc",
    label: "Zinc",
    loinc: "5763-8", // Zinc [Mass/volume] in Serum or Plasma (not re-checked here)
    // AMA: zinc, µg/dL × 0.153 = µmol/L, so µmol/L × (1 / 0.153) = µg/dL.
    units: [SI("µg/dL", "ug/dL"), { unit: "µmol/L", ucum: "umol/L", factor: 1 / 0.153, loinc: null }],
  },
  {
    key: "copper",
    label: "Copper",
    loinc: "5631-7", // Copper [Mass/volume] in Serum or Plasma (not re-checked here)
    // AMA: copper, µg/dL × 0.157 = µmol/L.
    units: [SI("µg/dL", "ug/dL"), { unit: "µmol/L", ucum: "umol/L", factor: 1 / 0.157, loinc: null }],
  },
  {
    key: "selenium",
    label: "Selenium",
    loinc: "5724-9", // Selenium [Mass/volume] in Serum or Plasma (not re-checked here)
    // AMA: selenium, µg/L × 0.0127 = µmol/L.
    units: [SI("µg/L", "ug/L"), { unit: "µmol/L", ucum: "umol/L", factor: 1 / 0.0127, loinc: null }],
  },
  {
    key: "vitamin-d",
    label: "25-hydroxyvitamin D",
    loinc: "1989-3", // 25-Hydroxycalciferol [Mass/volume] in Serum or Plasma ("Vitamin D, 25-OH, total")
    // AMA: 25-hydroxyvitamin D, ng/mL × 2.496 = nmol/L.
    units: [SI("ng/mL"), { unit: "nmol/L", ucum: "nmol/L", factor: 1 / 2.496, loinc: null }],
  },
] as const satisfies readonly Analyte[];

export type AnalyteKey = (typeof ANALYTES)[number]["key"];
export const ANALYTE_KEYS = ANALYTES.map((a) => a.key) as [AnalyteKey, ...AnalyteKey[]];

const BY_KEY = new Map<string, Analyte>(ANALYTES.map((a) => [a.key, a]));

/** The catalogue's analyte of a key, if it is one. */
export const analyteOf = (key: string | null | undefined): Analyte | undefined =>
  key ? BY_KEY.get(key) : undefined;

/** The analyte whose trend the dashboard draws for a child on PN (PN-associated liver disease). */
export const CONJUGATED_BILIRUBIN: AnalyteKey = "conjugated-bilirubin";
