import { sharedRecordType } from "./declaration";

export const fluidIntakeType = sharedRecordType({
  entity: "fluid_intake",
  activity: {
    fluid_intake: { label: "intake" },
  },
  nav: { label: "Intake & Output", short: "In & Out", href: "/intake-output", icon: "GlassWater", place: 35 },
});
