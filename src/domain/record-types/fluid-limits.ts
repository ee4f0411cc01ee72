import { sharedRecordType } from "./declaration";

export const fluidLimitsType = sharedRecordType({
  entity: "fluid_limits",
  activity: {
    fluid_limits: { label: "output limits" },
  },
  nav: { none: "Set on the Intake & Output screen, for the child it shows." },
});
