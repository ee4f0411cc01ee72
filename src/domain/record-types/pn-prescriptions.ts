import { sharedRecordType } from "./declaration";

export const pnPrescriptionsType = sharedRecordType({
  entity: "pn_prescription",
  activity: {
    pn_prescription: { label: "PN prescription", strip: /^PN prescription\s+/i },
  },
  nav: { none: "Shown on the TPN Nutrition screen, with the bags that follow it." },
});
