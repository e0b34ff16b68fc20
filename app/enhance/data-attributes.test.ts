import { describe, expect, it } from "vitest";
import { dataProps } from "~/lib/data-props";
import { dataAttr, dataSelector } from "./data-attributes";

describe("data attributes shared by public components and app/enhance", () => {
  it("are distinct data-* names in lower case", () => {
    const names = Object.values(dataAttr);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^data-[a-z]+(-[a-z]+)*$/);
  });

  it("become JSX props: empty by default, a value as text, none for undefined", () => {
    expect(dataProps(dataAttr.toaster)).toEqual({ "data-toaster": "" });
    expect(dataProps(dataAttr.monthlyFee, 9.95)).toEqual({ "data-monthly-fee": "9.95" });
    expect(dataProps(dataAttr.field, undefined)).toEqual({ "data-field": undefined });
  });

  it("become selectors, with or without a value", () => {
    expect(dataSelector(dataAttr.copyLink)).toBe("[data-copy-link]");
    expect(dataSelector(dataAttr.calculatorState, "error")).toBe('[data-calculator-state="error"]');
  });
});
