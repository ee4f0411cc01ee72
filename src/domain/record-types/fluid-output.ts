import { sharedRecordType } from "./declaration";

export const fluidOutputType = sharedRecordType({
  entity: "fluid_output",
  activity: {
    fluid_output: { label: "output" },
  },
  nav: { none: "Shown on the Intake & Output screen, beside what went in." },
});
