import { describe, expect, it } from "vitest";
import { dashboardSubtitle } from "./greeting";

const user = { firstName: "Ana", childName: "Sofia", firstVisit: false };

describe("dashboardSubtitle", () => {
  it("welcomes on the first visit and welcomes back afterwards", () => {
    expect(dashboardSubtitle({ ...user, firstVisit: true })).toBe(
      "Welcome, Ana. Here is Sofia's care at a glance.",
    );
    expect(dashboardSubtitle(user)).toBe("Welcome back, Ana. Here is Sofia's care at a glance.");
  });

  it("trims the names, and greets nobody without a first name", () => {
    expect(dashboardSubtitle({ ...user, firstName: "  Ana ", childName: " Sofia " })).toBe(
      "Welcome back, Ana. Here is Sofia's care at a glance.",
    );
    expect(dashboardSubtitle({ ...user, firstName: "  ", firstVisit: true })).toBe(
      "Here is Sofia's care at a glance.",
    );
    expect(dashboardSubtitle({ ...user, firstName: null })).toBe("Here is Sofia's care at a glance.");
  });

  it("says 'your child's' without a child's name, and while the user is not known", () => {
    expect(dashboardSubtitle({ ...user, childName: null, firstVisit: true })).toBe(
      "Welcome, Ana. Here is your child's care at a glance.",
    );
    expect(dashboardSubtitle(null)).toBe("Here is your child's care at a glance.");
  });

  it("names the child the header shows, the only child, or 'your children' with all shown", () => {
    const mia = { name: "Mia" };
    const noah = { name: "Noah" };
    expect(dashboardSubtitle(user, { selectedChild: noah, children: [mia, noah] })).toBe(
      "Welcome back, Ana. Here is Noah's care at a glance.",
    );
    expect(dashboardSubtitle(user, { selectedChild: null, children: [mia] })).toBe(
      "Welcome back, Ana. Here is Mia's care at a glance.",
    );
    expect(dashboardSubtitle(user, { selectedChild: null, children: [mia, noah] })).toBe(
      "Welcome back, Ana. Here is your children's care at a glance.",
    );
  });
});
