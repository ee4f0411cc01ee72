import { describe, expect, it } from "vitest";
import {
  formatVitalValue,
  parseDecimal,
  storedVitalValue,
  TEMPERATURE_RANGE_F,
  thresholdFromInput,
  thresholdInputValue,
  vitalInputValue,
  vitalValueLabel,
} from "./vital-values";

describe("a vital's value between the form and the server", () => {
  it("stores a temperature typed in °F as °C to two decimals", () => {
    expect(storedVitalValue("temperature", "100.9", "F")).toEqual({ value: 38.28 });
    expect(storedVitalValue("temperature", "100.4", "F")).toEqual({ value: 38 });
    expect(storedVitalValue("temperature", "98.6", "F")).toEqual({ value: 37 });
  });

  it("keeps a temperature in °C as typed, a comma read as the decimal point", () => {
    expect(storedVitalValue("temperature", "38.3", "C")).toEqual({ value: 38.3 });
    expect(storedVitalValue("temperature", " 38,3 ", "C")).toEqual({ value: 38.3 });
    expect(parseDecimal("12,345")).toBe(12.345);
    expect(parseDecimal("1e2")).toBeNull();
  });

  it("keeps an edited temperature's °C when its °F was not changed", () => {
    // 38.3 °C reads 100.9 °F; saved again unchanged, it stays 38.3 (not 38.28).
    expect(vitalInputValue("temperature", 38.3, "F")).toBe("100.9");
    expect(storedVitalValue("temperature", "100.9", "F", 38.3)).toEqual({ value: 38.3 });
    expect(storedVitalValue("temperature", "101.0", "F", 38.3)).toEqual({ value: 38.33 });
  });

  it("says what is wrong in the unit typed", () => {
    expect(TEMPERATURE_RANGE_F).toEqual([86, 113]);
    expect(storedVitalValue("temperature", "120", "F")).toEqual({
      error: "Temperature must be between 86 and 113 °F",
    });
    expect(storedVitalValue("temperature", "100.4", "C")).toEqual({
      error: "Temperature must be between 30 and 45 °C: 100.4 looks like °F",
    });
    expect(storedVitalValue("weight", "300", "F")).toEqual({
      error: "Weight must be between 0.3 and 250 kg",
    });
    expect(storedVitalValue("weight", "", "C")).toEqual({ error: "Weight is required" });
    expect(storedVitalValue("height", "86.5 cm", "C")).toEqual({
      error: "Length / height must be a number such as 86.5",
    });
  });

  it("names the unit in the label and shows values in the family's unit", () => {
    expect(vitalValueLabel("temperature", "F")).toBe("Temperature (°F)");
    expect(vitalValueLabel("weight", "F")).toBe("Weight (kg)");
    expect(formatVitalValue("temperature", 38.28, "F")).toBe("100.9 °F");
    expect(formatVitalValue("temperature", 38.28, "C")).toBe("38.3 °C");
    expect(formatVitalValue("weight", 3.455, "C")).toBe("3.455 kg");
    expect(formatVitalValue("head-circumference", 47.25, "C")).toBe("47.3 cm");
  });
});

describe("the fever threshold setting", () => {
  it("keeps a threshold typed in °F to its tenth of a °F (°C to two decimals), and one in °C to a tenth", () => {
    expect(thresholdFromInput("100.4", "F")).toEqual({ value: 38 });
    // 100.5 °F is 38.06 °C: kept as 38.1 °C (100.6 °F) it would not open at 100.5 °F.
    expect(thresholdFromInput("100.5", "F")).toEqual({ value: 38.06 });
    expect(thresholdInputValue(38.06, "F")).toBe("100.5");
    expect(thresholdFromInput("38.1", "C")).toEqual({ value: 38.1 });
    expect(thresholdFromInput("38.06", "C")).toEqual({ value: 38.1 });
    expect(thresholdInputValue(38, "F")).toBe("100.4");
    expect(thresholdInputValue(38, "C")).toBe("38.0");
  });

  it("refuses a threshold outside 37.5 to 39.5 °C, saying so in the unit typed", () => {
    expect(thresholdFromInput("104", "F")).toEqual({
      error: "The fever threshold must be between 99.5 and 103.1 °F",
    });
    expect(thresholdFromInput("37", "C")).toEqual({
      error: "The fever threshold must be between 37.5 and 39.5 °C",
    });
    expect(thresholdFromInput("", "C")).toEqual({ error: "The fever threshold is required" });
  });
});
