import { describe, expect, it } from "vitest";
import { NO_CHILD } from "@/client/components/children/child-select-field";
import type { PhysicalTherapySession } from "./api";
import { physicalTherapyFormSchema, physicalTherapyFormValues } from "./physical-therapy-form";

const session: PhysicalTherapySession = {
  id: "s1",
  version: 1,
  childId: "0b8f2f4e-4a4c-4d7e-9a51-0c5f7a3c2e11",
  date: "2025-03-04",
  time: "14:30",
  therapist: "Jamie Park",
  location: null,
  exercises: ["Tummy time", "bridges"],
  duration: 45,
  progress: null,
  notes: null,
  nextSession: null,
  createdAt: "2025-03-04T15:00:00.000Z",
  updatedAt: "2025-03-04T15:00:00.000Z",
  createdBy: null,
  updatedBy: null,
  createdByName: null,
  updatedByName: null,
};

describe("the physical therapy form", () => {
  it("starts a new session today, with the header's child, and nothing else filled in", () => {
    const values = physicalTherapyFormValues(null, null);
    expect(values.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(values).toMatchObject({ therapist: "", exercises: "", duration: "", childId: NO_CHILD });
    expect(physicalTherapyFormValues(null, session.childId).childId).toBe(session.childId);
  });

  it("shows a session's lists as comma-separated text and its numbers as text when editing", () => {
    expect(physicalTherapyFormValues(session, null)).toMatchObject({
      exercises: "Tummy time, bridges",
      duration: "45",
      location: "",
      childId: session.childId,
    });
  });

  it("sends exercises as a trimmed list, an empty duration as null and 'No specific child' as null", () => {
    const body = physicalTherapyFormSchema.parse({
      ...physicalTherapyFormValues(null, null),
      therapist: " Jamie Park ",
      exercises: " bridges,, squats ,",
      duration: "",
    });
    expect(body).toMatchObject({
      therapist: "Jamie Park",
      exercises: ["bridges", "squats"],
      duration: null,
      childId: null,
    });
  });

  it("refuses a duration that is not a whole number of minutes", () => {
    const result = physicalTherapyFormSchema.safeParse({
      ...physicalTherapyFormValues(null, null),
      therapist: "Jamie Park",
      duration: "45.5",
    });
    expect(result.success).toBe(false);
  });
});
