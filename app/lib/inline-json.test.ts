import { describe, expect, it } from "vitest";
import { inlineJson } from "./inline-json";

describe("inlineJson", () => {
  it("cannot close the script element it is in, and reads back as the same value", () => {
    const value = { text: "</script><script>alert(1)</script>", lines: "a\u2028b\u2029c" };
    const json = inlineJson(value);
    expect(json).not.toMatch(/<|\u2028|\u2029/);
    expect(JSON.parse(json)).toEqual(value);
  });
});
