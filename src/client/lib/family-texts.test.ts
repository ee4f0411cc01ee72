import { describe, expect, it } from "vitest";
import {
  accessChangeText,
  childNames,
  childrenScope,
  familyOptionLabel,
  invitationSentence,
  namesList,
  roleInSentence,
} from "./family-texts";

describe("the family's texts", () => {
  it("lists names as a sentence reads them", () => {
    expect(namesList([])).toBe("");
    expect(namesList(["Mia"])).toBe("Mia");
    expect(namesList(["Mia", "Leo"])).toBe("Mia and Leo");
    expect(namesList(["Mia", " Leo ", "Sam"])).toBe("Mia, Leo and Sam");
  });

  it("says which children a membership covers", () => {
    expect(childrenScope(null)).toBe("Every child");
    expect(childrenScope(["Mia"])).toBe("Only Mia");
    expect(childrenScope(["Mia", "Leo"])).toBe("Only Mia and Leo");
    expect(childrenScope([])).toBe("No child still in the family");
  });

  it("names a membership's children in the family's order, leaving out children no longer there", () => {
    const children = [
      { id: "a", name: "Mia" },
      { id: "b", name: "Leo" },
    ];
    expect(childNames(null, children)).toBeNull();
    expect(childNames(["b", "a", "gone"], children)).toEqual(["Mia", "Leo"]);
  });

  it("says who invited whom, to which family and role", () => {
    expect(roleInSentence("caregiver")).toBe("a caregiver");
    expect(roleInSentence("viewer")).toBe("a viewer");
    expect(roleInSentence("owner")).toBe("the owner");
    // An invitation's page, opened signed out, knows only who invites and to what role.
    expect(invitationSentence({ invitedByName: "Ana", role: "caregiver" })).toBe(
      "Ana invited you to join their family as a caregiver.",
    );
    expect(invitationSentence({ invitedByName: null, role: "viewer" })).toBe(
      "You are invited to join a family as a viewer.",
    );
    expect(familyOptionLabel({ name: "Kim family", role: "viewer" })).toBe("Kim family (Viewer)");
  });

  it("tells a person what changed in their place in the family, and what they can still see", () => {
    const caregiver = { role: "caregiver", childIds: null } as const;
    expect(accessChangeText(caregiver, { role: "viewer", childIds: null }, "The Lopez family", null)).toBe(
      "You can now read The Lopez family's records, but not add or change them.",
    );
    expect(accessChangeText({ role: "viewer", childIds: null }, caregiver, "The Lopez family", null)).toBe(
      "You can now add and change The Lopez family's records.",
    );
    expect(
      accessChangeText(caregiver, { role: "caregiver", childIds: ["b"] }, "The Lopez family", ["Ana"]),
    ).toBe("You now see only Ana's records; the family's other children are no longer shown.");
    expect(
      accessChangeText({ role: "caregiver", childIds: ["b"] }, caregiver, "The Lopez family", null),
    ).toBe("You now see every child of The Lopez family.");
    expect(
      accessChangeText(caregiver, { role: "viewer", childIds: ["a", "b"] }, "The Lopez family", [
        "Mia",
        "Leo",
      ]),
    ).toBe(
      "You can now read The Lopez family's records, but not add or change them. You now see only Mia's and Leo's records; the family's other children are no longer shown.",
    );
    expect(accessChangeText(caregiver, { role: "owner", childIds: null }, "The Lopez family", null)).toBe(
      "You are now The Lopez family's owner.",
    );
  });
});
