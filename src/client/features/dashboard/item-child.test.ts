import { describe, expect, it } from "vitest";
import { itemChild, showsSeveralChildren } from "./item-child";

const sofia = { id: "c-sofia", name: "Sofia" };
const leo = { id: "c-leo", name: "Leo" };

describe("itemChild", () => {
  it("names the item's child while every child of a family of two or more is shown", () => {
    const all = { childId: null, children: [sofia, leo] };
    expect(showsSeveralChildren(all)).toBe(true);
    expect(itemChild("c-leo", all)).toBe(leo);
    expect(itemChild("c-sofia", all)).toBe(sofia);
  });

  it("names nobody with a child chosen in the header, or in a family of one", () => {
    const leoChosen = { childId: "c-leo", children: [sofia, leo] };
    expect(showsSeveralChildren(leoChosen)).toBe(false);
    expect(itemChild("c-leo", leoChosen)).toBeNull();
    expect(itemChild("c-sofia", leoChosen)).toBeNull();
    const onlySofia = { childId: null, children: [sofia] };
    expect(showsSeveralChildren(onlySofia)).toBe(false);
    expect(itemChild("c-sofia", onlySofia)).toBeNull();
  });

  it("names nobody for an item linked to no child, or to a child no longer in the family", () => {
    const all = { childId: null, children: [sofia, leo] };
    expect(itemChild(null, all)).toBeNull();
    expect(itemChild(undefined, all)).toBeNull();
    expect(itemChild("c-deleted", all)).toBeNull();
  });
});
