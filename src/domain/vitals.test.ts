import { describe, expect, it } from "vitest";
import {
  celsiusToFahrenheit,
  DEFAULT_FEVER_THRESHOLD_C,
  fahrenheitToCelsius,
  formatTemperature,
  isFever,
  temperatureShown,
} from "./vitals";

describe("temperatures between °C and °F", () => {
  it("converts exactly: 38.0 °C is 100.4 °F, 38.1 °C is 100.6 °F, and 100.5 °F is 38.06 °C", () => {
    // °F = °C × 9/5 + 32 (the definition of the two scales). 38.1 × 1.8 + 32 = 100.58.
    expect(celsiusToFahrenheit(38)).toBe(100.4);
    expect(celsiusToFahrenheit(38.1)).toBe(100.6);
    expect(fahrenheitToCelsius(100.5)).toBe(38.06);
    expect(celsiusToFahrenheit(fahrenheitToCelsius(100.5))).toBe(100.5);
  });

  it("loses no tenth of a °F on the way through the °C kept (every threshold a family may type)", () => {
    for (let tenths = 995; tenths <= 1031; tenths += 1) {
      const fahrenheit = tenths / 10;
      expect(celsiusToFahrenheit(fahrenheitToCelsius(fahrenheit))).toBe(fahrenheit);
    }
  });

  it("rounds what it shows half up, the same way for °C and °F", () => {
    expect(formatTemperature(37.95, "C")).toBe("38.0 °C");
    expect(formatTemperature(38.05, "C")).toBe("38.1 °C");
    expect(formatTemperature(37.94, "C")).toBe("37.9 °C");
    expect(temperatureShown(38.25, "F")).toBe(100.9);
  });
});

describe("a fever, as the family reads it", () => {
  // NASPGHAN's 38.0 °C (100.4 °F) by default; a programme's 100.5 °F (38.06 °C) when set.
  it("flags what shows as the threshold or above: 37.95 to 37.99 °C read 38.0 °C", () => {
    expect(DEFAULT_FEVER_THRESHOLD_C).toBe(38);
    for (const value of [37.95, 37.96, 37.99, 38, 38.3]) expect(isFever(value, 38, "C")).toBe(true);
    for (const value of [37.9, 37.94]) expect(isFever(value, 38, "C")).toBe(false);
  });

  it("opens at 100.5 °F for a threshold typed as 100.5 °F, and not at 100.4 °F", () => {
    const threshold = fahrenheitToCelsius(100.5);
    expect(isFever(fahrenheitToCelsius(100.5), threshold, "F")).toBe(true);
    expect(isFever(fahrenheitToCelsius(100.6), threshold, "F")).toBe(true);
    expect(isFever(fahrenheitToCelsius(100.4), threshold, "F")).toBe(false);
  });

  it("compares in the family's unit: 37.95 °C reads 100.3 °F, under 100.4 °F", () => {
    expect(isFever(37.95, 38, "F")).toBe(false);
    expect(isFever(38, 38, "F")).toBe(true);
  });
});
