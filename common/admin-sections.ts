import type { Permission } from "./roles";

/**
 * Every admin screen: its path, its label and icon in the navigation, and the permission it
 * needs. The navigation, the admin layout's gate and the admin API guard all read this one
 * table (`/api/admin/<key>/...` is guarded by the section `<key>`). Deny by default: an
 * admin path or API area that is not here answers 404.
 */
export type AdminIcon =
  | "dashboard"
  | "contacts"
  | "forms"
  | "posts"
  | "guides"
  | "faq"
  | "industries"
  | "media"
  | "settings"
  | "integrations"
  | "privacy"
  | "pricing"
  | "users"
  | "security";

export interface AdminSection {
  /** The API area and the path segment after /admin ("dashboard" for /admin itself). */
  key: string;
  path: string;
  label: string;
  icon: AdminIcon;
  permission: Permission;
  /** Where the navigation lists it: the main list, or only the account menu. */
  nav: "main" | "account";
}

export const ADMIN_SECTIONS = [
  { key: "dashboard", path: "/admin", label: "Dashboard", icon: "dashboard", permission: "dashboard", nav: "main" },
  {
    key: "contacts",
    path: "/admin/contacts",
    label: "Contacts",
    icon: "contacts",
    permission: "contacts",
    nav: "main",
  },
  { key: "forms", path: "/admin/forms", label: "Forms", icon: "forms", permission: "forms", nav: "main" },
  {
    key: "blog-posts",
    path: "/admin/blog-posts",
    label: "Blog posts",
    icon: "posts",
    permission: "content",
    nav: "main",
  },
  {
    key: "help-guides",
    path: "/admin/help-guides",
    label: "Help guides",
    icon: "guides",
    permission: "content",
    nav: "main",
  },
  { key: "faq-items", path: "/admin/faq-items", label: "FAQ items", icon: "faq", permission: "content", nav: "main" },
  {
    key: "industries",
    path: "/admin/industries",
    label: "Industries",
    icon: "industries",
    permission: "content",
    nav: "main",
  },
  { key: "media", path: "/admin/media", label: "Media", icon: "media", permission: "content", nav: "main" },
  {
    key: "settings",
    path: "/admin/settings",
    label: "Site settings",
    icon: "settings",
    permission: "settings",
    nav: "main",
  },
  {
    key: "integrations",
    path: "/admin/integrations",
    label: "Integrations",
    icon: "integrations",
    permission: "integrations",
    nav: "main",
  },
  // Privacy requests (decision 0050): a person's data found, exported and erased; admins only.
  {
    key: "privacy",
    path: "/admin/privacy",
    label: "Privacy requests",
    icon: "privacy",
    permission: "privacy",
    nav: "main",
  },
  // Proposal pricing (decision 0043): admins only, like the site settings.
  { key: "pricing", path: "/admin/pricing", label: "Pricing", icon: "pricing", permission: "settings", nav: "main" },
  { key: "users", path: "/admin/users", label: "Users", icon: "users", permission: "users", nav: "main" },
  {
    key: "security",
    path: "/admin/security",
    label: "Security",
    icon: "security",
    permission: "own-account",
    nav: "main",
  },
] as const satisfies readonly AdminSection[];

export type AdminSectionKey = (typeof ADMIN_SECTIONS)[number]["key"];

/**
 * The section of the admin route the router matched, from its pattern ("/admin/users",
 * "/admin/blog-posts/:id"): the route decides, not the raw URL, so encoded, upper-case or
 * dotted variants of a path get exactly the gate of the screen they open. The catch-all
 * ("/admin/*") and anything else outside the table has no section (deny by default).
 */
export function adminSectionForPattern(pattern: string): AdminSection | undefined {
  // The router gives "admin/users" in framework mode, "/admin/users" elsewhere.
  const path = `/${pattern.replace(/^\/+|\/+$/g, "")}`;
  if (path === "/admin") return ADMIN_SECTIONS[0];
  let best: AdminSection | undefined;
  for (const section of ADMIN_SECTIONS) {
    if (section.key === "dashboard") continue;
    if (path === section.path || (path.startsWith(`${section.path}/`) && !path.endsWith("*"))) {
      if (!best || section.path.length > best.path.length) best = section;
    }
  }
  return best;
}

export function adminSectionByKey(key: string): AdminSection | undefined {
  return ADMIN_SECTIONS.find((section) => section.key === key);
}
