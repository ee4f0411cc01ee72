import { describe, expect, it } from "vitest";
import { heldText, waitingText } from "./outbox-texts";

describe("the words of the entries waiting to send", () => {
  it("counts one entry and several", () => {
    expect(waitingText(1)).toBe("1 entry waiting to send");
    expect(waitingText(3)).toBe("3 entries waiting to send");
  });

  it("says whose held entries are, without naming what they are", () => {
    expect(heldText(1, "person")).toBe(
      "1 entry saved by another person on this device is held: sent only when they sign in again.",
    );
    expect(heldText(2, "family")).toBe(
      "2 entries saved in another of your families are held: sent when you switch to it.",
    );
  });
});
