import { sharedRecordType } from "./declaration";

export const piccInfectionsType = sharedRecordType({
  entity: "picc_infection",
  activity: {
    picc_infection: { label: "line infection" },
  },
  nav: { none: "Shown on the PICC Lines screen, under its line." },
});
