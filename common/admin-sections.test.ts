import { describe, expect, it } from "vitest";
import { ADMIN_SECTIONS, adminSectionByKey, adminSectionForPattern } from "./admin-sections";
import { PERMISSIONS } from "./roles";

describe("adminSectionForPattern", () => {
  it("maps every screen's route pattern, and the patterns of its sub-pages, to its section", () => {
    for (const section of ADMIN_SECTIONS) {
      expect(adminSectionForPattern(section.path)?.key).toBe(section.key);
      expect(adminSectionForPattern(`${section.path}/`)?.key).toBe(section.key);
    }
    expect(adminSectionForPattern("/admin/blog-posts/:id")?.key).toBe("blog-posts");
    expect(adminSectionForPattern("admin/users")?.key).toBe("users");
    expect(adminSectionForPattern("admin")?.key).toBe("dashboard");
    expect(adminSectionForPattern("/admin/contacts/:id/notes")?.key).toBe("contacts");
  });

  it("denies by default: the admin catch-all and anything outside the table have no section", () => {
    for (const pattern of [
      "/admin/*",
      "admin/*",
      "/admin/users/*",
      "/admin/nope",
      "/admin/users-export",
      "/adminx",
      "/",
      "*",
    ]) {
      expect(adminSectionForPattern(pattern), pattern).toBeUndefined();
    }
  });

  it("gives every section a known permission and a unique key and path", () => {
    const keys = new Set(ADMIN_SECTIONS.map((s) => s.key));
    const paths = new Set(ADMIN_SECTIONS.map((s) => s.path));
    expect(keys.size).toBe(ADMIN_SECTIONS.length);
    expect(paths.size).toBe(ADMIN_SECTIONS.length);
    for (const section of ADMIN_SECTIONS) {
      expect(PERMISSIONS).toContain(section.permission);
      expect(section.path === "/admin" || section.path === `/admin/${section.key}`, section.key).toBe(true);
    }
    expect(adminSectionByKey("users")?.path).toBe("/admin/users");
    expect(adminSectionByKey("nope")).toBeUndefined();
  });
});
