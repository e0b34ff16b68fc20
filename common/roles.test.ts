import { describe, expect, it } from "vitest";
import { can, PERMISSIONS, roleOf } from "./roles";

describe("permissions", () => {
  it("gives editors the dashboard, content, forms, contacts and their own account; not users, audit log, settings, integrations or privacy requests", () => {
    const editor = { role: "editor" };
    for (const p of ["dashboard", "content", "forms", "contacts", "own-account"] as const)
      expect(can(editor, p)).toBe(true);
    for (const p of ["users", "audit", "settings", "integrations", "privacy", "form-recipients"] as const)
      expect(can(editor, p)).toBe(false);
    for (const p of PERMISSIONS) expect(can({ role: "admin" }, p)).toBe(true);
    expect(can(null, "content")).toBe(false);
  });
  it("treats unknown roles as editor, never admin", () => {
    expect(roleOf({ role: "superuser" })).toBe("editor");
    expect(roleOf({ role: null })).toBe("editor");
  });
});
