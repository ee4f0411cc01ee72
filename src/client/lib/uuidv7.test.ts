import { describe, expect, it } from "vitest";
import { uuidv7, uuidv7Time } from "./uuidv7";

const SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("an id made on the device (UUIDv7)", () => {
  it("is a version 7 UUID of the RFC 9562 variant, which the server's uuid check accepts", () => {
    for (let i = 0; i < 200; i += 1) expect(uuidv7()).toMatch(SHAPE);
  });

  it("starts with the millisecond it was made", () => {
    // Ahead of every id made before in this file (they never go backwards, below).
    const at = Date.UTC(2029, 10, 28, 3, 12, 45, 678);
    const id = uuidv7(at);
    expect(uuidv7Time(id)).toBe(at);
    const digits = at.toString(16).padStart(12, "0");
    expect(id.slice(0, 13)).toBe(`${digits.slice(0, 8)}-${digits.slice(8)}`);
  });

  it("sorts by the moment it was made, also for thousands made in the same millisecond", () => {
    const at = Date.UTC(2030, 0, 1);
    const ids = Array.from({ length: 5000 }, () => uuidv7(at));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    const later = uuidv7(at + 10_000);
    expect(later > (ids.at(-1) ?? "")).toBe(true);
  });

  it("never goes backwards when the device's clock is set back", () => {
    const first = uuidv7(Date.UTC(2031, 5, 1, 12));
    const afterSetBack = uuidv7(Date.UTC(2031, 5, 1, 11));
    expect(afterSetBack > first).toBe(true);
  });

  it("reads no time from another kind of id", () => {
    expect(uuidv7Time("0b1c9a2e-4f1d-4c1a-9d3b-2f6a7e8c9d0e")).toBeNull();
    expect(uuidv7Time("not an id")).toBeNull();
  });
});
