import { sharedRecordType } from "./declaration";

export const careTasksType = sharedRecordType({
  entity: "care_task",
  activity: {
    care_task: { label: "care task" },
  },
  nav: { label: "Tasks", href: "/tasks", icon: "ListChecks", place: 20 },
});
