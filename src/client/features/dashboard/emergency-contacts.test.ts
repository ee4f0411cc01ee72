import { describe, expect, it } from "vitest";
import { emergencyContactErrors } from "./emergency-contacts";

describe("the emergency numbers", () => {
  it("may be left empty or hold phone numbers", () => {
    expect(emergencyContactErrors({ pharmacy: "", nurse: "  " })).toEqual({});
    expect(emergencyContactErrors({ pharmacy: "(555) 010-0100", nurse: " +1 555-0199 " })).toEqual({});
  });

  it("names the field of each number that is not a phone number", () => {
    expect(emergencyContactErrors({ pharmacy: "999", nurse: "ask for Dana" })).toEqual({
      pharmacy: "Pharmacy phone must be a phone number such as +1 555-0100",
      nurse: "Nurse phone must be a phone number such as +1 555-0100",
    });
  });
});
