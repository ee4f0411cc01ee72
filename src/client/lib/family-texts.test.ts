import { describe, expect, it } from "vitest";
import {
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
});
