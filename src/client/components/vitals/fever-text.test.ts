import { describe, expect, it } from "vitest";
import type { CareTeamMember, InfusionCenter, PiccLine } from "@/client/lib/care-contacts-api";
import { FEVER_PLAN } from "@/domain/fever-plan";
import {
  callTargets,
  dialable,
  feverSymptoms,
  lineInPlaceOn,
  readingText,
  tellThemLines,
} from "./fever-text";

const reading = { value: 38.3, date: "2026-11-27", time: "03:10", site: "axillary" as const };

const base = {
  version: 1,
  createdAt: "2026-11-01T10:00:00.000Z",
  updatedAt: "2026-11-01T10:00:00.000Z",
  createdBy: null,
  updatedBy: null,
  createdByName: null,
  updatedByName: null,
};

describe("the fever card's words", () => {
  it("puts the reading after the first sentence of what to tell them, the plan's words unchanged", () => {
    const lines = tellThemLines(reading, "C");
    expect(lines).toEqual([
      FEVER_PLAN.tellThem[0],
      "The temperature was 38.3 °C (under the arm) at 03:10.",
      ...FEVER_PLAN.tellThem.slice(1),
    ]);
    expect(tellThemLines({ ...reading, site: null, time: null }, "F")[1]).toBe(
      "The temperature was 100.9 °F.",
    );
  });

  it("writes the infection record's symptoms in the family's unit", () => {
    expect(feverSymptoms(reading, "C")).toBe("Fever 38.3 °C at 03:10");
    expect(feverSymptoms({ ...reading, time: null }, "F")).toBe("Fever 100.9 °F on 2026-11-27");
    expect(readingText({ ...reading, site: "tympanic" }, "C")).toBe("38.3 °C (ear) at 03:10");
  });
});

describe("the numbers to call", () => {
  const member = (id: string, phone: string | null, role = "Gastroenterologist"): CareTeamMember => ({
    ...base,
    id,
    name: `Member ${id}`,
    role,
    specialty: null,
    phone,
    email: null,
    hospital: null,
    notes: null,
  });
  const center = (id: string, phone: string | null, isActive = true): InfusionCenter => ({
    ...base,
    id,
    childId: null,
    name: `Center ${id}`,
    address: null,
    phone,
    email: null,
    contactPerson: "Nurse Kim",
    bloodDrawsPerWeek: 0,
    bandageChangesPerWeek: 0,
    notes: null,
    isActive,
  });

  it("lists the care team, then the infusion centers, with a phone that can be dialled", () => {
    const targets = callTargets(
      [member("a", "+1 555-0100"), member("b", null), member("c", "ask at the desk")],
      [center("x", "(555) 019-9000"), center("y", "555-0111", false)],
    );
    expect(targets.map((t) => [t.name, t.detail, t.tel])).toEqual([
      ["Member a", "Gastroenterologist", "+15550100"],
      ["Center x", "Infusion center, Nurse Kim", "5550199000"],
    ]);
  });

  it("keeps digits and a leading +", () => {
    expect(dialable("+44 (0)20 7946 0958")).toBe("+4402079460958");
    expect(dialable("555.0199 ext +2")).toBe("55501992");
    expect(dialable("")).toBeNull();
  });
});

describe("the line in place on the fever's day", () => {
  const line = (id: string, insertionDate: string, removalDate: string | null) =>
    ({ id, insertionDate, removalDate }) as PiccLine;

  it("is the latest line inserted by then and not removed before", () => {
    const lines = [line("old", "2026-01-01", "2026-06-01"), line("now", "2026-06-02", null)];
    expect(lineInPlaceOn(lines, "2026-11-27")?.id).toBe("now");
    expect(lineInPlaceOn(lines, "2026-03-01")?.id).toBe("old");
    expect(lineInPlaceOn(lines, "2025-12-31")).toBeNull();
  });
});
