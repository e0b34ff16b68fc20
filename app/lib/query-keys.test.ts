import { matchQuery, QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { querySegment, securityKeys, usersKeys } from "./query-keys";

describe("query keys", () => {
  it("are the URL segments the default query function joins", () => {
    expect(usersKeys.list().join("/")).toBe("/api/admin/users");
    expect(usersKeys.list({ q: "ann lee" }).join("/")).toBe("/api/admin/users/?q=ann+lee");
    expect(usersKeys.auditLog({ page: 2, action: "user.deleted", q: "" }).join("/")).toBe(
      "/api/admin/users/audit-log/?page=2&action=user.deleted",
    );
    expect(securityKeys.overview().join("/")).toBe("/api/admin/security");
    expect(securityKeys.me().join("/")).toBe("/api/admin/security/me");
    expect(querySegment({ a: undefined, b: null, c: "" })).toEqual([]);
  });

  it("let one prefix invalidate a whole domain, and only that domain", () => {
    const client = new QueryClient();
    const matches = (key: readonly unknown[], prefix: readonly unknown[]) =>
      matchQuery({ queryKey: prefix }, client.getQueryCache().build(client, { queryKey: key }));
    expect(matches(usersKeys.auditLog({ page: 3 }), usersKeys.all)).toBe(true);
    expect(matches(usersKeys.list({ q: "x" }), usersKeys.all)).toBe(true);
    expect(matches(securityKeys.me(), usersKeys.all)).toBe(false);
  });
});
