import { describe, expect, it } from "vitest";
import { SHARED_RECORD_TYPES } from "@/client/lib/record-types";
import { activityText, activityTime } from "./activity-text";

describe("activityText", () => {
  it("names the change, the record type and the record", () => {
    expect(activityText({ action: "create", entity: "care_team_member", summary: "Dr. P (GI)" })).toBe(
      "Added care team member Dr. P (GI)",
    );
    expect(activityText({ action: "update", entity: "lab_test", summary: "CBC" })).toBe(
      "Changed lab test CBC",
    );
  });

  it("does not repeat the record type and shows dates as the lists do", () => {
    expect(activityText({ action: "delete", entity: "tpn_entry", summary: "TPN entry for 2025-01-05" })).toBe(
      "Deleted TPN entry for Jan 05, 2025",
    );
    expect(
      activityText({ action: "create", entity: "physical_therapy_session", summary: "Therapy with Ana" }),
    ).toBe("Added therapy session with Ana");
  });

  it("falls back to the entity's own name for a type it does not know", () => {
    expect(activityText({ action: "create", entity: "infusion_center", summary: "City Infusion" })).toBe(
      "Added infusion center City Infusion",
    );
  });
});

describe("activityText of deleted records", () => {
  it("names only the kind of record, whose content left with it", () => {
    expect(activityText({ action: "delete", entity: "medical_allergy", summary: null })).toBe(
      "Deleted a medical allergy",
    );
    expect(activityText({ action: "create", entity: "infusion_center", summary: null })).toBe(
      "Added an infusion center",
    );
    expect(activityText({ action: "delete", entity: "child_profile", summary: null })).toBe(
      "Deleted the child profile and all care records",
    );
  });
});

describe("activityText names who made the change", () => {
  const GRACE = "11111111-1111-4111-8111-111111111111";
  const ME = "22222222-2222-4222-8222-222222222222";
  const tpn = { action: "create", entity: "tpn_entry", summary: "TPN entry for 2025-01-05" } as const;

  it("by their name", () => {
    expect(activityText({ ...tpn, actorId: GRACE, actorName: "Grace Member" }, ME)).toBe(
      "Grace added TPN entry for Jan 05, 2025",
    );
    expect(
      activityText(
        { action: "delete", entity: "lab_test", summary: null, actorId: GRACE, actorName: "Grace" },
        ME,
      ),
    ).toBe("Grace deleted a lab test");
    expect(
      activityText(
        { action: "delete", entity: "child_profile", summary: null, actorId: GRACE, actorName: "Grace" },
        ME,
      ),
    ).toBe("Grace deleted the child profile and all care records");
  });

  it("as you for the reader's own changes", () => {
    const change = {
      action: "update",
      entity: "lab_test",
      summary: "CBC",
      actorId: ME,
      actorName: "Maria",
    } as const;
    expect(activityText(change, ME)).toBe("You changed lab test CBC");
  });

  it("and the API token a program sent the change with", () => {
    expect(activityText({ ...tpn, actorId: GRACE, actorName: "Grace", viaToken: "Home Assistant" }, ME)).toBe(
      "Grace added TPN entry for Jan 05, 2025 (by token Home Assistant)",
    );
    expect(activityText({ ...tpn, actorId: ME, actorName: "Maria", viaToken: "Pump script" }, ME)).toBe(
      "You added TPN entry for Jan 05, 2025 (by token Pump script)",
    );
    expect(activityText({ ...tpn, actorId: null, actorName: null, viaToken: "Pump script" }, ME)).toBe(
      "Added TPN entry for Jan 05, 2025 (by token Pump script)",
    );
  });

  it("says nothing of who when the account is gone", () => {
    expect(activityText({ ...tpn, actorId: null, actorName: null }, ME)).toBe(
      "Added TPN entry for Jan 05, 2025",
    );
    expect(activityText({ ...tpn, actorId: GRACE, actorName: null }, ME)).toBe(
      "Added TPN entry for Jan 05, 2025",
    );
  });
});

describe("activityTime", () => {
  const now = new Date("2025-03-01T12:00:00Z");
  it("reads like the onboarding hints", () => {
    expect(activityTime("2025-03-01T11:59:30Z", now)).toBe("Just now");
    expect(activityTime("2025-03-01T11:57:00Z", now)).toBe("3 min ago");
    expect(activityTime("2025-03-01T11:59:00Z", now)).toBe("1 min ago");
    expect(activityTime("2025-03-01T10:00:00Z", now)).toBe("2 hours ago");
    expect(activityTime("2025-02-27T12:00:00Z", now)).toBe("2 days ago");
  });
});

describe("activityText of every record type", () => {
  it("names each declared type in its own words, deleted or not", () => {
    expect(SHARED_RECORD_TYPES).toHaveLength(25);
    for (const { entity, activity } of SHARED_RECORD_TYPES) {
      const { label } = activity[entity]!;
      expect(activityText({ action: "delete", entity, summary: null }), entity).toMatch(
        new RegExp(`^Deleted an? ${label}$`),
      );
    }
  });

  it("says a vital, a prescription, a dose, a line care and a task done as their cards do", () => {
    expect(activityText({ action: "create", entity: "vital", summary: "Temperature 38.3 °C" })).toBe(
      "Added vital sign Temperature 38.3 °C",
    );
    expect(
      activityText({
        action: "update",
        entity: "pn_prescription",
        summary: "PN prescription from 2025-01-05",
      }),
    ).toBe("Changed PN prescription from Jan 05, 2025");
    expect(activityText({ action: "create", entity: "medication_dose", summary: "Dose given: 60 mg" })).toBe(
      "Added dose given: 60 mg",
    );
    expect(activityText({ action: "create", entity: "line_care_event", summary: "Dressing change" })).toBe(
      "Added line care Dressing change",
    );
    expect(activityText({ action: "create", entity: "care_task_event", summary: "Flush done" })).toBe(
      "Added completed task Flush",
    );
    expect(activityText({ action: "delete", entity: "care_task", summary: null })).toBe(
      "Deleted a care task",
    );
  });
});
