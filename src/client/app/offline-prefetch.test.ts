import { describe, expect, it } from "vitest";
import { offlineReads } from "./offline-prefetch";

const keysOf = (childIds: string[], stored: string | null) =>
  offlineReads(childIds, stored).map((query) => JSON.stringify(query.queryKey));

describe("what is fetched ahead for reading offline", () => {
  it("with one child: every list as its screen first asks for it, the child's own screens included", () => {
    const keys = keysOf(["c1"], null);
    for (const key of [
      // Lists of the whole family (the header's filter applies from two children up).
      '["notes","pages",{}]',
      '["symptoms","pages",{}]',
      '["allergies"]',
      '["medications"]',
      '["care-team"]',
      '["tpn-supplies"]',
      // The one-child screens open on the only child: TPN Nutrition, PICC Lines, Vitals.
      '["tpn","pages",{"childId":"c1"}]',
      '["fluid-intake","pages",{"childId":"c1"}]',
      '["fluid-output","pages",{"childId":"c1"}]',
      '["fluid-limits",{"childId":"c1"}]',
      // Lab Results follows the header's filter: its results and its schedule.
      '["lab-results"]',
      '["lab-panels"]',
      '["pn-prescriptions",{"childId":"c1"}]',
      '["picc-infections",{"childId":"c1"}]',
      '["vitals","pages",{"kind":"temperature","childId":"c1"}]',
      // The fever card's numbers and lines.
      '["infusion-centers",{"childId":"c1"}]',
      '["picc-lines",{"childId":"c1"}]',
      '["care-summary",{"childId":null}]',
      '["tasks",{"childId":null}]',
    ]) {
      expect(keys, key).toContain(key);
    }
    // Today's in and out on the family's clock, as the dashboard and Intake & Output ask for it.
    expect(keys.some((key) => key.startsWith('["intake-output-balance",{"childId":"c1","date":"'))).toBe(
      true,
    );
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("includes what the dashboard's quick dialogs ask for, so a dose and a supply used can be logged offline", () => {
    // "Medication given" asks for the header's child's medications (the only child's, with one).
    expect(keysOf(["c1"], null)).toContain('["medications",{"childId":"c1"}]');
    expect(keysOf(["c1", "c2"], "c2")).toContain('["medications",{"childId":"c2"}]');
    expect(keysOf(["c1", "c2"], null)).toContain('["medications"]');
    // "Supply used" asks for the family's supplies.
    expect(keysOf(["c1"], null)).toContain('["tpn-supplies"]');
  });

  it("with two children and one chosen in the header: the lists follow the choice", () => {
    const keys = keysOf(["c1", "c2"], "c2");
    expect(keys).toContain('["notes","pages",{"childId":"c2"}]');
    expect(keys).toContain('["care-summary",{"childId":"c2"}]');
    expect(keys).toContain('["tpn","pages",{"childId":"c2"}]');
    // The fever card can open for either child.
    expect(keys).toContain('["infusion-centers",{"childId":"c1"}]');
    expect(keys).toContain('["infusion-centers",{"childId":"c2"}]');
    expect(keys).not.toContain('["notes","pages",{}]');
  });

  it("with two children and none chosen: no one-child screen opens on its own, and a choice no longer valid counts for none", () => {
    for (const stored of [null, "gone"]) {
      const keys = keysOf(["c1", "c2"], stored);
      expect(keys).toContain('["notes","pages",{}]');
      expect(keys.some((key) => key.startsWith('["tpn","pages"'))).toBe(false);
      expect(keys).toContain('["picc-lines",{"childId":"c2"}]');
    }
  });
});
