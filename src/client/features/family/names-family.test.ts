import { describe, expect, it } from "vitest";
import { namesFamily } from "./names-family";

describe("confirming a family's deletion by its name", () => {
  it("takes the name as typed on a phone, and nothing else", () => {
    expect(namesFamily("The Lopez family", "The Lopez family")).toBe(true);
    expect(namesFamily("  the lopez  Family ", "The Lopez family")).toBe(true);
    expect(namesFamily("The Lopez", "The Lopez family")).toBe(false);
    expect(namesFamily("The Lopez family.", "The Lopez family")).toBe(false);
    expect(namesFamily("", "")).toBe(false);
  });
});
