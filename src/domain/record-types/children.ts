import { sharedRecordType } from "./declaration";

export const childrenType = sharedRecordType({
  entity: "child",
  activity: {
    child: { label: "child profile" },
  },
  nav: { label: "Children", href: "/children", icon: "Baby", place: 130 },
});
