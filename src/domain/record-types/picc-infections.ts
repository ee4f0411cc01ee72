import { INFECTION_TYPE_LABELS, OUTCOME_LABELS } from "../picc";
import { sharedRecordType } from "./declaration";

export const piccInfectionsType = sharedRecordType({
  entity: "picc_infection",
  activity: {
    picc_infection: { label: "line infection" },
  },
  nav: { none: "Shown on the PICC Lines screen, under its line." },
  codes: { infectionType: INFECTION_TYPE_LABELS, outcome: OUTCOME_LABELS },
});
