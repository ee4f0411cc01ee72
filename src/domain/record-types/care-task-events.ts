import { sharedRecordType } from "./declaration";

export const careTaskEventsType = sharedRecordType({
  entity: "care_task_event",
  activity: {
    care_task_event: { label: "completed task", strip: /\s*done$/i },
  },
  nav: { none: "Shown on the Tasks screen, in each task's history." },
});
