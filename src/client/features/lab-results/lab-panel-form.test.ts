import { describe, expect, it } from "vitest";
import { SUGGESTED_PANELS } from "@/domain/lab-panels";
import type { LabPanel } from "./api";
import {
  labPanelBody,
  labPanelFormSchema,
  labPanelFormValues,
  namedToken,
  panelRows,
  suggestedBody,
} from "./lab-panel-form";
import { OTHER_ANALYTE } from "./lab-result-form";

const CHILD = "6f1c2f36-3f52-4e0b-9a57-3c1f1c2b7d11";

describe("the lab panel form", () => {
  it("starts a new panel every month from today for the child shown", () => {
    expect(labPanelFormValues(null, { childId: CHILD, today: "2027-01-31" })).toMatchObject({
      childId: CHILD,
      analytes: [],
      every: "1",
      unit: "months",
      firstDue: "2027-01-31",
      active: true,
    });
  });

  it("keeps catalogued and typed analytes apart, and sends them as the API reads them", () => {
    const values = {
      ...labPanelFormValues(null, { childId: CHILD, today: "2027-01-31" }),
      name: "Thyroid and sodium",
      analytes: ["sodium", namedToken(" TSH ")],
    };
    expect(labPanelBody(values).analytes).toEqual([
      { analyte: "sodium", name: null },
      { analyte: null, name: "TSH" },
    ]);
    const parsed = labPanelFormSchema.safeParse(values);
    expect(parsed.success).toBe(true);
  });

  it("puts the server's message under the analytes when none is chosen", () => {
    const parsed = labPanelFormSchema.safeParse({
      ...labPanelFormValues(null, { childId: CHILD, today: "2027-01-31" }),
      name: "Empty",
    });
    expect(parsed.error?.issues).toContainEqual(
      expect.objectContaining({ path: ["analytes"], message: "Add at least one analyte" }),
    );
  });

  it("turns a suggestion into a panel for the child from the date chosen, its source kept", () => {
    const body = suggestedBody(SUGGESTED_PANELS[0]!, CHILD, "2027-02-01");
    expect(body).toMatchObject({
      childId: CHILD,
      firstDue: "2027-02-01",
      every: 1,
      unit: "months",
      active: true,
    });
    expect(body.source).toMatch(/^UpToDate/);
  });
});

describe("a panel's result rows", () => {
  it("gives each analyte a row in its first unit, a typed one by name, values empty", () => {
    const rows = panelRows({
      analytes: [
        { analyte: "vitamin-d", name: null },
        { analyte: null, name: "TSH" },
      ],
    } as Pick<LabPanel, "analytes">);
    expect(rows).toEqual([
      expect.objectContaining({ choice: "vitamin-d", unit: "ng/mL", value: "" }),
      expect.objectContaining({ choice: OTHER_ANALYTE, name: "TSH", unit: "", value: "" }),
    ]);
  });
});
