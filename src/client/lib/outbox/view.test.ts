import { describe, expect, it } from "vitest";
import type { OutboxEntry } from "./entry";
import { waitingOf, withWaiting } from "./view";

const MARIA = "user-maria:family-lopez";

function entry(fields: Partial<OutboxEntry>): OutboxEntry {
  return {
    id: "entry",
    op: "create",
    path: "/api/vitals",
    recordId: "new-vital",
    body: { childId: "sofia", kind: "temperature", value: 37.6, date: "2026-11-28" },
    label: "temperature",
    queryKeys: [["vitals"]],
    owner: MARIA,
    savedAt: "2026-11-28T03:12:00.000Z",
    attempts: 0,
    ...fields,
  };
}

const listed = [
  { id: "v1", childId: "sofia", kind: "temperature", value: 36.9, createdAt: "2026-11-27T08:00:00.000Z" },
  { id: "v2", childId: "sofia", kind: "temperature", value: 37.1, createdAt: "2026-11-26T08:00:00.000Z" },
];

describe("a list with the entries waiting on this device", () => {
  it("lists a waiting create first, made from what was saved and marked", () => {
    const list = withWaiting(listed, [entry({})], MARIA, "/api/vitals", {
      childId: "sofia",
      kind: "temperature",
    });
    expect(list?.map((r) => r.id)).toEqual(["new-vital", "v1", "v2"]);
    expect(list?.[0]).toMatchObject({
      value: 37.6,
      createdAt: "2026-11-28T03:12:00.000Z",
      createdBy: "user-maria",
    });
    expect(waitingOf(list?.[0] ?? {})).toEqual({ state: "waiting", label: "temperature" });
    expect(waitingOf(list?.[1] ?? {})).toBeUndefined();
  });

  it("leaves out a create another list shows (another child, another kind), and another person's", () => {
    const entries = [
      entry({ body: { childId: "leo", kind: "temperature", value: 38 } }),
      entry({ recordId: "weight", body: { childId: "sofia", kind: "weight", value: 12 } }),
      entry({ recordId: "rosas", owner: "user-rosa:family-lopez" }),
    ];
    expect(
      withWaiting(listed, entries, MARIA, "/api/vitals", { childId: "sofia", kind: "temperature" }),
    ).toEqual(listed);
  });

  it("shows an edit's values and leaves a deleted record out, each marked; a refusal says why", () => {
    const entries = [
      entry({
        op: "update",
        recordId: "v1",
        body: { value: 37.3 },
        refusal: { status: 412, message: "Changed" },
      }),
      entry({ op: "delete", recordId: "v2", body: null }),
    ];
    const list = withWaiting(listed, entries, MARIA, "/api/vitals");
    expect(list).toMatchObject([{ id: "v1", value: 37.3 }]);
    expect(waitingOf(list?.[0] ?? {})).toEqual({
      state: "refused",
      message: "Changed",
      label: "temperature",
    });
  });

  it("is the same list when nothing waits for it", () => {
    expect(withWaiting(listed, [entry({ path: "/api/tpn" })], MARIA, "/api/vitals")).toBe(listed);
    expect(withWaiting(undefined, [entry({})], MARIA, "/api/vitals")).toBeUndefined();
  });
});
