import { TEMPERATURE_SITE_LABELS, VITAL_LABELS } from "../vitals";
import { sharedRecordType } from "./declaration";

export const vitalsType = sharedRecordType({
  entity: "vital",
  activity: {
    vital: { label: "vital sign" },
  },
  nav: { label: "Vitals", href: "/vitals", icon: "Thermometer", place: 40 },
  codes: { kind: VITAL_LABELS, site: TEMPERATURE_SITE_LABELS },
});
