import { describe, expect, it } from "vitest";
import { ADMIN_SECTIONS, adminSectionByKey, adminSectionForPath } from "./admin-sections";
import { PERMISSIONS } from "./roles";

describe("adminSectionForPath", () => {
  it("maps every screen, its sub-pages and its .data requests to its section", () => {
    for (const section of ADMIN_SECTIONS) {
      expect(adminSectionForPath(section.path)?.key).toBe(section.key);
      expect(adminSectionForPath(`${section.path}.data`)?.key).toBe(section.key);
      expect(adminSectionForPath(`${section.path}/`)?.key).toBe(section.key);
    }
    expect(adminSectionForPath("/admin/blog-posts/new")?.key).toBe("blog-posts");
    expect(adminSectionForPath("/admin/contacts/123.data")?.key).toBe("contacts");
  });

  it("matches as the router does: case-insensitive and percent-decoded", () => {
    expect(adminSectionForPath("/admin/USERS")?.permission).toBe("users");
    expect(adminSectionForPath("/admin/%75sers")?.permission).toBe("users");
    expect(adminSectionForPath("/ADMIN/Security")?.key).toBe("security");
  });

  it("denies by default: unknown admin paths have no section", () => {
    for (const path of ["/admin/nope", "/admin/users-export", "/admin/%E0%A4%A", "/adminx", "/"]) {
      expect(adminSectionForPath(path)).toBeUndefined();
    }
  });

  it("gives every section a known permission and a unique key and path", () => {
    const keys = new Set(ADMIN_SECTIONS.map((s) => s.key));
    const paths = new Set(ADMIN_SECTIONS.map((s) => s.path));
    expect(keys.size).toBe(ADMIN_SECTIONS.length);
    expect(paths.size).toBe(ADMIN_SECTIONS.length);
    for (const section of ADMIN_SECTIONS) expect(PERMISSIONS).toContain(section.permission);
    expect(adminSectionByKey("users")?.path).toBe("/admin/users");
    expect(adminSectionByKey("nope")).toBeUndefined();
  });
});
