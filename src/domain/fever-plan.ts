/**
 * What to do when a child with a central line has a fever: the words of the fever card, the FAQ and
 * the care summary's fever plan, said once, with their sources. No zod: the dashboard reads it.
 *
 * Sources:
 * - NASPGHAN position paper on intestinal failure: "all children with intestinal failure and a
 *   central venous catheter who develop a fever (38.0 °C) should be admitted to the hospital and
 *   assessed for bacteremia" (https://www.guidelinecentral.com/guideline/325173/).
 * - Harvard Medical School HPN teaching pages: "prompt referral to the emergency department for any
 *   fever higher than 100.4 or 38 degrees"; "response to antipyretics should not be used as a
 *   diagnostic sign" (https://hpn.hms.harvard.edu/faq-answer).
 * - Children's Hospital of Philadelphia, Fever (non-oncology) with a central line pathway: blood
 *   cultures from every lumen, "goal: 1st antibiotic administration within 1st hour"
 *   (https://pathways.chop.edu/clinical-pathway/fever-non-oncology-cvc-clinical-pathway).
 * - How often it is an infection: 47.5 % of 278 emergency visits of febrile children with
 *   intestinal failure had a central-line bloodstream infection (J Pediatr 2018;196:237); 69 % of
 *   480 central cultures were positive (Pediatr Emerg Care 2017, Pittsburgh).
 */

import { formatTemperature } from "./vitals";

export const FEVER_PLAN = {
  title: "Fever with a central line: act now",
  /** The one thing to do, first. */
  action:
    "Call the care team or go to the emergency department now. A fever with a central line can be a bloodstream infection.",
  /** What to tell the emergency department, in the order they need it. */
  tellThem: [
    "My child has a central line (for parenteral nutrition) and a fever.",
    "Please take blood cultures from every lumen of the line and one from a vein.",
    "Please give the first antibiotic within the first hour.",
    "Do not wait to see whether a fever medicine brings the temperature down.",
  ],
  /** For the FAQ and the summary: why it is urgent. */
  why: "About half of the children with intestinal failure who come to an emergency department with a fever have a bloodstream infection of their line, and antibiotics given within the first hour make a difference.",
  sources: [
    {
      name: "NASPGHAN position paper on intestinal failure",
      url: "https://www.guidelinecentral.com/guideline/325173/",
    },
    { name: "Harvard HPN teaching pages", url: "https://hpn.hms.harvard.edu/faq-answer" },
    {
      name: "CHOP pathway: fever with a central line",
      url: "https://pathways.chop.edu/clinical-pathway/fever-non-oncology-cvc-clinical-pathway",
    },
  ],
} as const;

/** The threshold as the family reads it: "38.0 °C" or "100.4 °F". */
export function feverThresholdText(celsius: number, unit: "C" | "F"): string {
  return formatTemperature(celsius, unit);
}
