import { describe, expect, it } from "vitest";
import { inSentence } from "./words";

describe("a record type's name inside a sentence", () => {
  it("lowers the words but keeps acronyms as they are written", () => {
    expect(inSentence("TPN Entry")).toBe("TPN entry");
    expect(inSentence("PICC Line")).toBe("PICC line");
    expect(inSentence("PN Prescriptions")).toBe("PN prescriptions");
    expect(inSentence("Symptoms & Pain")).toBe("symptoms & pain");
    expect(inSentence("Care Team Member")).toBe("care team member");
  });
});
