import { sharedRecordType } from "./declaration";

export const physicalTherapySessionsType = sharedRecordType({
  entity: "physical_therapy_session",
  activity: {
    physical_therapy_session: { label: "therapy session", strip: /^Therapy\s+/i },
  },
  nav: { label: "Physical Therapy", href: "/physical-therapy", icon: "Dumbbell", place: 160 },
});
