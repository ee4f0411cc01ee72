import { describe, expect, it } from "vitest";
import { BOTTOM_BAR_HREFS, EXPORTS_HREF, isNavItemActive, MORE_ITEMS, NAV_ITEMS } from "./nav-items";

describe("the navigation items", () => {
  it("puts every screen either in the phone's bottom bar or in its More sheet, once", () => {
    const reached = [...BOTTOM_BAR_HREFS, ...MORE_ITEMS.map((item) => item.href)].sort();
    expect(reached).toEqual(NAV_ITEMS.map((item) => item.href).sort());
    expect(new Set(reached).size).toBe(reached.length);
  });

  it("keeps one order, the record types' screens placed among the others (DESIGN 7)", () => {
    expect(NAV_ITEMS.map((item) => item.label)).toEqual([
      "Dashboard",
      "Tasks",
      "TPN Nutrition",
      "Intake & Output",
      "Vitals",
      "TPN Supplies",
      "Care Summary",
      "PICC Lines",
      "Specialist Visits",
      "Lab Tests",
      "Lab Results",
      "Symptoms & Pain",
      "Medical Allergies",
      "Care Team",
      "Children",
      "Notes",
      "Symptom Heatmaps",
      "Physical Therapy",
      "Medications",
      "Food Diary",
      "Medical Photos",
      "FAQ",
      "Family Support",
      "Family & Sharing",
      "Settings",
      "Exports",
    ]);
    expect(NAV_ITEMS.find((item) => item.href === "/tpn-supplies")?.short).toBe("Supplies");
  });

  it("lists the Care Summary and the exports", () => {
    expect(NAV_ITEMS.map((item) => item.href)).toEqual(
      expect.arrayContaining(["/care-summary", EXPORTS_HREF]),
    );
  });

  it("never marks a link to part of a screen as the current place", () => {
    expect(isNavItemActive(EXPORTS_HREF, "/settings")).toBe(false);
    expect(isNavItemActive("/settings", "/settings")).toBe(true);
    expect(isNavItemActive("/", "/dashboard")).toBe(true);
  });
});
