import { sharedRecordType } from "./declaration";

export const vitalsType = sharedRecordType({
  entity: "vital",
  activity: {
    vital: { label: "vital sign" },
  },
  nav: { label: "Vitals", href: "/vitals", icon: "Thermometer", place: 40 },
});
