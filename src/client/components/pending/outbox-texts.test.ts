import { describe, expect, it } from "vitest";
import { heldText, sentText, waitingText } from "./outbox-texts";

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

  it("names what arrived, and what a bag's kit drew on its arrival, short supplies first", () => {
    const bag = {
      entry: { label: "TPN entry" },
      record: {
        version: 1,
        suppliesDrawn: [
          { supplyId: "a", name: "Caps", unit: "each", quantity: 2, short: 1 },
          { supplyId: "b", name: "Tubing set", unit: "each", quantity: 1, short: 0 },
        ],
      },
    };
    const temperature = { entry: { label: "temperature" }, record: { version: 1 } };
    expect(sentText([temperature])).toBe("The temperature saved on this phone has arrived.");
    expect(sentText([bag, temperature])).toBe(
      "The 2 entries saved on this phone have arrived: TPN entry; temperature. Short in stock: Caps (1 each). Drew 2 Caps, 1 Tubing set.",
    );
    // An edit sent later draws nothing more; a delete answers no record.
    expect(
      sentText([
        { ...bag, record: { ...bag.record, version: 2 } },
        { entry: bag.entry, record: undefined },
      ]),
    ).toBe("The 2 entries saved on this phone have arrived: TPN entry; TPN entry.");
  });
});
