import { describe, expect, it } from "vitest";
import { installOfferKind } from "./install-offer";

describe("what a device is offered to install the app", () => {
  it("nothing once the app runs installed, whatever else the browser says", () => {
    expect(installOfferKind({ standalone: true, ios: true, prompt: false })).toBe("installed");
    expect(installOfferKind({ standalone: true, ios: false, prompt: true })).toBe("installed");
  });

  it("the browser's own question where it offers one", () => {
    expect(installOfferKind({ standalone: false, ios: false, prompt: true })).toBe("prompt");
  });

  it("the Home Screen steps on an iPhone or iPad in a browser tab", () => {
    expect(installOfferKind({ standalone: false, ios: true, prompt: false })).toBe("ios");
  });

  it("the browser's menu elsewhere (a browser without the question, or one that already used it)", () => {
    expect(installOfferKind({ standalone: false, ios: false, prompt: false })).toBe("browser-menu");
  });
});
