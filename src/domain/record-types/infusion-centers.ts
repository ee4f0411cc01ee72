import { sharedRecordType } from "./declaration";

export const infusionCentersType = sharedRecordType({
  entity: "infusion_center",
  activity: {
    infusion_center: { label: "infusion center" },
  },
  nav: { none: "Shown on the Dashboard, in its own card." },
});
