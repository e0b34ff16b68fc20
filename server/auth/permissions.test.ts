import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./permissions";

describe("safeRedirectPath", () => {
  it("keeps same-site paths", () => {
    expect(safeRedirectPath("/admin/users?q=a")).toBe("/admin/users?q=a");
    expect(safeRedirectPath("/")).toBe("/");
    expect(safeRedirectPath("/admin/contacts?q=%C3%BC&page=2#top")).toBe("/admin/contacts?q=%C3%BC&page=2#top");
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
      "/\u000b/x",
      "/admin\u0000",
      "/admin\u007f",
      "/admin\u0085",
      "/admin/\u00fcber",
      "/admin/\u2028",
      "/admin/a b",
      "/admin/%E0%A4%A",
      "/\t/evil.example",
    ]) {
      expect(safeRedirectPath(bad)).toBe("/admin");
    }
  });
});
