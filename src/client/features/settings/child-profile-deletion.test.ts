import { describe, expect, it } from "vitest";
import { describeChildProfileDeletion } from "./child-profile-deletion";

describe("describeChildProfileDeletion", () => {
  it("names every child and their number when there are several", () => {
    const deletion = describeChildProfileDeletion([{ name: "Ava" }, { name: "Ben" }, { name: "Sam" }]);
    expect(deletion).toEqual({
      whatGoes: "the profiles of all 3 children (Ava, Ben, and Sam) and every care record",
      several: true,
      title: "Delete all 3 children's profiles?",
      confirmLabel: "Delete All 3 Profiles",
      done: "All 3 children's profiles and every care record have been deleted.",
    });
  });

  it("names the only child, with the spec's button text", () => {
    const deletion = describeChildProfileDeletion([{ name: "Sofia" }]);
    expect(deletion.whatGoes).toBe("Sofia's profile and every care record");
    expect(deletion.title).toBe("Delete Sofia's profile?");
    expect(deletion.confirmLabel).toBe("Delete Child Profile");
    expect(deletion.several).toBe(false);
    expect(deletion.done).toBeUndefined();
  });

  it("speaks of the care records alone when there is no child, and generally while loading", () => {
    expect(describeChildProfileDeletion([]).whatGoes).toBe("every care record");
    expect(describeChildProfileDeletion(undefined).whatGoes).toBe("the child profiles and every care record");
  });
});
