import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addChild, ownedCrudContract } from "../../../../tests/helpers/owned-crud-contract";
import { buildTestApp, signUp, type TestApp, type TestUser } from "../../../../tests/helpers/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const bilirubin = { analyte: "conjugated-bilirubin", value: 45, unit: "µmol/L", referenceHigh: 5 };
const ammonia = { name: "Ammonia", value: 40, unit: "µmol/L", referenceLow: 11, referenceHigh: 51 };

describe("lab results", () => {
  ownedCrudContract(() => t, {
    path: "/api/lab-results",
    valid: {
      date: "2026-11-02",
      time: "07:30",
      drawSite: "central-line",
      pnTiming: "before-pn",
      fasting: "yes",
      labName: "Children's Hospital lab",
      notes: "Drawn before the night's bag",
      analytes: [bilirubin, ammonia],
    },
    change: { notes: "Repeat in two weeks" },
    updateMethod: "PATCH",
    required: ["date", "analytes"],
    invalid: { drawSite: "arm", pnTiming: "sometimes", fasting: "maybe" },
    linksChild: "required",
    dates: { date: "past" },
  });
});

describe("a lab result's analytes", () => {
  let user: TestUser;
  let childId: string;
  beforeAll(async () => {
    user = await signUp(t.app);
    childId = await addChild(user);
  });
  const post = (analytes: unknown, more: Record<string, unknown> = {}) =>
    user.post("/api/lab-results", { childId, date: "2026-11-02", analytes, ...more });
  const issues = (response: { json(): unknown }) =>
    (response.json() as { issues: { path: string; message: string }[] }).issues;

  it("flags each value against the lab's range when the lab gave no flag, and keeps the lab's own", async () => {
    const response = await post([
      bilirubin,
      ammonia,
      { analyte: "potassium", value: 6.9, unit: "mmol/L", flag: "critical" },
      { analyte: "sodium", value: "138", unit: "mEq/L" },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().analytes).toEqual([
      { ...bilirubin, name: null, referenceLow: null, flag: "high" },
      { ...ammonia, analyte: null, flag: "normal" },
      {
        analyte: "potassium",
        name: null,
        value: 6.9,
        unit: "mmol/L",
        referenceLow: null,
        referenceHigh: null,
        flag: "critical",
      },
      {
        analyte: "sodium",
        name: null,
        value: 138,
        unit: "mEq/L",
        referenceLow: null,
        referenceHigh: null,
        flag: null,
      },
    ]);
  });

  it.each([
    ["an empty list", [], "analytes", "Add at least one analyte"],
    ["no list", undefined, "analytes", "Analytes must be a list"],
    [
      "a value that is not a number",
      [{ ...bilirubin, value: "NaN" }],
      "analytes.0.value",
      "Value must be a number",
    ],
    ["no value", [{ ...bilirubin, value: null }], "analytes.0.value", "Value is required"],
    [
      "a unit the catalogue does not list for the analyte",
      [ammonia, { analyte: "glucose", value: 5, unit: "g/L" }],
      "analytes.1.unit",
      "Unit of Glucose must be one of: mmol/L, mg/dL",
    ],
    [
      "an analyte the catalogue does not know",
      [{ ...bilirubin, analyte: "unobtainium" }],
      "analytes.0.analyte",
      expect.stringMatching(/^Analyte must be one of: conjugated-bilirubin, /),
    ],
    [
      "a free analyte without a name",
      [{ value: 4, unit: "mmol/L" }],
      "analytes.0.name",
      "Choose an analyte from the list or type its name",
    ],
    [
      "a NUL byte in a free name",
      [{ ...ammonia, name: "Amm\u0000onia" }],
      "analytes.0.name",
      "Must not contain a NUL character",
    ],
    [
      "a NUL byte in a unit",
      [{ ...ammonia, unit: "µmol\u0000/L" }],
      "analytes.0.unit",
      "Must not contain a NUL character",
    ],
    [
      "a range upside down",
      [{ ...ammonia, referenceLow: 60 }],
      "analytes.0.referenceHigh",
      "Reference high cannot be below reference low",
    ],
    [
      "a flag out of its list",
      [{ ...ammonia, flag: "weird" }],
      "analytes.0.flag",
      "Flag must be one of: low, normal, high, critical",
    ],
    ["61 analytes", Array(61).fill(ammonia), "analytes", "At most 60 analytes in one result"],
  ])("refuses %s with 400 naming the field, and saves nothing", async (_case, analytes, path, message) => {
    const before = (await user.get(`/api/lab-results?childId=${childId}`)).json().length;
    const response = await post(analytes);
    expect(response.statusCode, response.body).toBe(400);
    expect(issues(response)).toContainEqual({ path, message });
    expect((await user.get(`/api/lab-results?childId=${childId}`)).json()).toHaveLength(before);
  });

  it("changes its analytes as a whole with a PATCH, checked as on a create", async () => {
    const made = (await post([bilirubin])).json();
    const refused = await user.patch(`/api/lab-results/${made.id}`, {
      analytes: [{ analyte: "glucose", value: 5, unit: "%" }],
    });
    expect(refused.statusCode).toBe(400);
    const changed = await user.patch(`/api/lab-results/${made.id}`, {
      analytes: [{ ...bilirubin, value: 3 }],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().analytes).toEqual([
      { ...bilirubin, value: 3, name: null, referenceLow: null, flag: "normal" },
    ]);
  });
});

describe("a lab result under a lab test", () => {
  it("belongs to a lab test of its own child or of no child, never another's, and outlives it", async () => {
    const user = await signUp(t.app);
    const sam = await addChild(user, "Sam");
    const ava = await addChild(user, "Ava");
    const test = async (childId: string | null) =>
      (
        await user.post("/api/lab-tests", {
          childId,
          testName: "Liver panel",
          date: "2026-11-02",
          status: "completed",
        })
      ).json().id as string;
    const samsTest = await test(sam);
    const familyTest = await test(null);
    const avasTest = await test(ava);
    const post = (labTestId: string) =>
      user.post("/api/lab-results", { childId: sam, labTestId, date: "2026-11-02", analytes: [bilirubin] });

    const under = await post(samsTest);
    expect(under.statusCode).toBe(201);
    expect(under.json().labTestId).toBe(samsTest);
    expect((await post(familyTest)).statusCode).toBe(201);

    const another = await post(avasTest);
    expect(another.statusCode).toBe(400);
    expect(another.json().issues).toEqual([
      { path: "labTestId", message: "This lab test is another child's" },
    ]);
    // Moving the result to another child leaves it under a test that is not that child's.
    const moved = await user.patch(`/api/lab-results/${under.json().id}`, { childId: ava });
    expect(moved.statusCode).toBe(400);

    const stranger = await signUp(t.app);
    const foreign = (
      await stranger.post("/api/lab-tests", {
        testName: "Liver panel",
        date: "2026-11-02",
        status: "completed",
      })
    ).json().id;
    const foreignLink = await post(foreign);
    expect(foreignLink.statusCode).toBe(404);
    expect(foreignLink.json()).toEqual({ message: "Lab test not found" });

    // The test cannot move to another child while it holds Sam's result.
    const movedTest = await user.patch(`/api/lab-tests/${samsTest}`, { childId: ava });
    expect(movedTest.statusCode).toBe(400);
    expect(movedTest.json().issues).toEqual([
      {
        path: "childId",
        message: "This test holds another child's lab results: it cannot move to this child",
      },
    ]);
    expect((await user.patch(`/api/lab-tests/${samsTest}`, { notes: "Reviewed" })).statusCode).toBe(200);

    // The test deleted, the result stays, under no test.
    expect((await user.delete(`/api/lab-tests/${samsTest}`)).statusCode).toBe(204);
    expect((await user.get(`/api/lab-results/${under.json().id}`)).json()).toMatchObject({ labTestId: null });
  });
});
