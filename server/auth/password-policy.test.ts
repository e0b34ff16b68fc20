import { describe, expect, it } from "vitest";
import { passwordProblem } from "./password-policy";

describe("passwordProblem", () => {
  it("refuses short passwords", () => {
    expect(passwordProblem("short-pass1")).toMatch(/at least 12/);
  });
  it("refuses passwords from the bundled common list, whatever their case", () => {
    expect(passwordProblem("password1234")).toMatch(/too common/);
    expect(passwordProblem("Qwertyuiop123")).toMatch(/too common/);
    expect(passwordProblem("1234567890123")).toMatch(/too common/);
  });
  it("accepts a long uncommon password", () => {
    expect(passwordProblem("correct horse battery staple")).toBeNull();
  });
});
