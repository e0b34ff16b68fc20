import { describe, expect, it } from "vitest";
import { can, permissionForAdminPath, roleOf, safeRedirectPath } from "./permissions";

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

describe("permissions", () => {
  it("maps admin paths (and their .data requests) to a permission", () => {
    expect(permissionForAdminPath("/admin")).toBe("content");
    expect(permissionForAdminPath("/admin/blog-posts")).toBe("content");
    expect(permissionForAdminPath("/admin/users")).toBe("users");
    expect(permissionForAdminPath("/admin/users.data")).toBe("users");
    expect(permissionForAdminPath("/admin/security")).toBe("own-account");
    expect(permissionForAdminPath("/admin/contacts")).toBe("contacts");
    expect(permissionForAdminPath("/admin/forms")).toBe("forms");
  });
  it("gives editors content, forms, contacts and their own account, but not users or the audit log", () => {
    const editor = { role: "editor" };
    for (const p of ["content", "forms", "contacts", "own-account"] as const) expect(can(editor, p)).toBe(true);
    for (const p of ["users", "audit"] as const) expect(can(editor, p)).toBe(false);
    for (const p of ["content", "forms", "contacts", "own-account", "users", "audit"] as const)
      expect(can({ role: "admin" }, p)).toBe(true);
    expect(can(null, "content")).toBe(false);
  });
  it("treats unknown roles as editor, never admin", () => {
    expect(roleOf({ role: "superuser" })).toBe("editor");
    expect(roleOf({ role: null })).toBe("editor");
  });
});
