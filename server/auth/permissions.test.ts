import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./permissions";

describe("safeRedirectPath", () => {
  it("keeps same-site paths", () => {
    expect(safeRedirectPath("/admin/users?q=a")).toBe("/admin/users?q=a");
    expect(safeRedirectPath("/")).toBe("/");
  });
  it("sends anything else to /admin", () => {
    for (const bad of [
      "https://evil.example",
      "//evil.example/x",
      "/\\evil.example",
      "javascript:alert(1)",
      "",
      null,
      undefined,
      "/admin\r\nSet-Cookie: x",
    ]) {
      expect(safeRedirectPath(bad)).toBe("/admin");
    }
  });
});
