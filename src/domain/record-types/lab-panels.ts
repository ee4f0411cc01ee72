import { sharedRecordType } from "./declaration";

export const labPanelsType = sharedRecordType({
  entity: "lab_panel",
  activity: {
    lab_panel: { label: "lab panel" },
  },
  nav: { none: "Shown as the lab schedule on the Lab Results screen, for the child it shows." },
});
