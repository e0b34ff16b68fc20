/**
 * Roles and what they may do. admin: everything. editor: the dashboard, content, forms and
 * contacts; not users, not the audit log, not site settings, not integrations (webhooks), not
 * privacy requests (a person's data exported or erased), not where a form's submissions are e-mailed. Every signed-in user manages
 * their own account.
 */
export const ROLES = ["admin", "editor"] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  "dashboard",
  "content",
  "forms",
  "contacts",
  "settings",
  "integrations",
  // Privacy requests: export or erase everything held about a person (decision 0050).
  "privacy",
  "users",
  "audit",
  "own-account",
  // Where a form's submissions are e-mailed: every future lead goes there.
  "form-recipients",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const grants: Record<Role, readonly Permission[]> = {
  admin: PERMISSIONS,
  editor: ["dashboard", "content", "forms", "contacts", "own-account"],
};

/** Unknown or missing roles get the smaller one: never more rights than stored. */
export function roleOf(user: { role?: string | null }): Role {
  return user.role === "admin" ? "admin" : "editor";
}

export function can(user: { role?: string | null } | null | undefined, permission: Permission): boolean {
  return !!user && grants[roleOf(user)].includes(permission);
}
