import { describe, expect, it } from "vitest";
import { targetIndex } from "./accordion";

describe("targetIndex (APG accordion keys)", () => {
  it("moves down and up, wrapping at both ends", () => {
    expect(targetIndex("ArrowDown", 0, 3)).toBe(1);
    expect(targetIndex("ArrowDown", 2, 3)).toBe(0);
    expect(targetIndex("ArrowUp", 1, 3)).toBe(0);
    expect(targetIndex("ArrowUp", 0, 3)).toBe(2);
  });
  it("goes to the first and the last with Home and End", () => {
    expect(targetIndex("Home", 2, 3)).toBe(0);
    expect(targetIndex("End", 0, 3)).toBe(2);
  });
  it("leaves every other key alone (Enter and Space are the button's own)", () => {
    for (const key of ["Enter", " ", "Tab", "ArrowLeft", "ArrowRight", "a"]) expect(targetIndex(key, 1, 3)).toBe(-1);
  });
});
