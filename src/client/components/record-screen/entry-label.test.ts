import { describe, expect, it } from "vitest";
import { entryLabelOf } from "./use-record-screen";

describe("the name of one record in the screens' messages", () => {
  it("keeps acronyms uppercase: 'The TPN entry is kept on this device'", () => {
    expect(entryLabelOf("Add TPN Entry")).toBe("TPN entry");
    expect(entryLabelOf("Add PICC Line")).toBe("PICC line");
    expect(entryLabelOf("Add PN prescription")).toBe("PN prescription");
    expect(entryLabelOf("Add Symptom Entry")).toBe("symptom entry");
    expect(entryLabelOf("Upload Photo")).toBe("photo");
  });
});
