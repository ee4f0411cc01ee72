import { describe, expect, it } from "vitest";
import {
  EMPTY_ANALYTE,
  type LabResultFormValues,
  labResultFormSchema,
  OTHER_ANALYTE,
  rowInUnit,
  rowWithChoice,
} from "./lab-result-form";

const form = (analytes: LabResultFormValues["analytes"]): LabResultFormValues => ({
  childId: "0190a4f4-8a53-7f0c-9f4b-3d2f1e0a9b8c",
  labTestId: "",
  date: "2026-11-02",
  time: "",
  drawSite: "",
  pnTiming: "",
  fasting: "",
  labName: "",
  notes: "",
  analytes,
});

describe("an analyte row", () => {
  it("starts a catalogued analyte in its own unit", () => {
    expect(rowWithChoice(EMPTY_ANALYTE, "total-bilirubin").unit).toBe("µmol/L");
    expect(rowWithChoice(EMPTY_ANALYTE, OTHER_ANALYTE).unit).toBe("");
  });

  it("converts what was typed when its unit changes: 2 mg/dL of bilirubin is 34.2 µmol/L", () => {
    const row = {
      ...EMPTY_ANALYTE,
      choice: "total-bilirubin",
      unit: "mg/dL",
      value: "2",
      referenceHigh: "1.2",
    };
    expect(rowInUnit(row, "µmol/L")).toMatchObject({
      unit: "µmol/L",
      value: "34.2",
      referenceHigh: "20.52",
      referenceLow: "",
    });
  });
});

describe("the form's values", () => {
  it("become the request's body, a row by name or from the catalogue", () => {
    const body = labResultFormSchema.parse(
      form([
        {
          ...EMPTY_ANALYTE,
          choice: "glucose",
          unit: "mg/dL",
          value: "90",
          referenceLow: "70",
          referenceHigh: "99",
        },
        { ...EMPTY_ANALYTE, choice: OTHER_ANALYTE, name: "Ammonia", unit: "µmol/L", value: "40" },
      ]),
    );
    expect(body.analytes).toEqual([
      {
        analyte: "glucose",
        name: null,
        value: 90,
        unit: "mg/dL",
        referenceLow: 70,
        referenceHigh: 99,
        flag: "normal",
      },
      {
        analyte: null,
        name: "Ammonia",
        value: 40,
        unit: "µmol/L",
        referenceLow: null,
        referenceHigh: null,
        flag: null,
      },
    ]);
  });

  it("say a row's problem under its own input: a row with no analyte under its select", () => {
    const result = labResultFormSchema.safeParse(
      form([
        { ...EMPTY_ANALYTE, value: "4" },
        { ...EMPTY_ANALYTE, choice: "sodium", unit: "mmol/L", value: "abc" },
      ]),
    );
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["analytes.0.choice", "Choose an analyte from the list or type its name"],
      ["analytes.0.unit", "Unit is required"],
      ["analytes.1.value", "Value must be a number"],
    ]);
  });
});
