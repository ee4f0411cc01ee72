import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownedCrudContract } from "../../../../tests/helpers/owned-crud-contract";
import { buildTestApp, signUp, type TestApp } from "../../../../tests/helpers/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("infusion centers", () => {
  ownedCrudContract(() => t, {
    path: "/api/infusion-centers",
    valid: {
      name: "Riverside Home Infusion",
      address: "12 River Rd",
      phone: "555-0142",
      email: "nurses@riverside.example",
      contactPerson: "Nurse Dana",
      bloodDrawsPerWeek: 1,
      bandageChangesPerWeek: 2,
      notes: "Labs on Tuesdays",
    },
    change: { bloodDrawsPerWeek: 2, contactPerson: "Nurse Lee" },
    updateMethod: "PUT",
    required: ["name"],
    invalid: { bloodDrawsPerWeek: 8, bandageChangesPerWeek: -1 },
    linksChild: "optional",
  });

  it("refuses a phone that is not a phone number (400 on phone)", async () => {
    const user = await signUp(t.app);
    const response = await user.post("/api/infusion-centers", { name: "City Clinic", phone: "nurses' line" });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([
      { path: "phone", message: "Phone must be a phone number such as +1 555-0100" },
    ]);
    expect((await user.get("/api/infusion-centers")).json()).toEqual([]);
    const center = await user.post("/api/infusion-centers", { name: "City Clinic", phone: "555.014.2000" });
    expect(center.statusCode).toBe(201);
  });

  it("coerces the weekly counts, defaults them to 0 and keeps 'no specific child' as null", async () => {
    const user = await signUp(t.app);
    const center = (
      await user.post("/api/infusion-centers", {
        name: "City Clinic",
        bloodDrawsPerWeek: "7",
        bandageChangesPerWeek: "",
        childId: null,
        email: "",
      })
    ).json();
    expect(center).toMatchObject({
      bloodDrawsPerWeek: 7,
      bandageChangesPerWeek: 0,
      childId: null,
      email: null,
      isActive: true,
    });
    const invalid = await user.post("/api/infusion-centers", { name: "X", bloodDrawsPerWeek: "1.5" });
    expect(invalid.json().issues).toEqual([
      { path: "bloodDrawsPerWeek", message: "Blood draws per week must be a whole number from 0 to 7" },
    ]);
  });
});
