/** The top navigation of the spec (section 2), shared by the header, drawer and tests. */
export interface NavLinkItem {
  label: string;
  to: string;
}

export interface NavItem {
  label: string;
  to: string;
  /** Extra path prefixes that also make this item active. */
  alsoActiveOn?: string[];
  children?: NavLinkItem[];
}

export function buildNavItems(owner: { firstName: string; path: string }): NavItem[] {
  return [
    {
      label: "Services",
      to: "/services",
      children: [
        { label: "Services overview", to: "/services" },
        { label: "Small Business Merchant Accounts", to: "/services/merchant-accounts" },
        { label: "Mobile Payment Options", to: "/services/mobile-payments" },
        { label: "Online Payment Gateways", to: "/services/online-gateways" },
      ],
    },
    { label: "Industries", to: "/industries" },
    { label: "Resources", to: "/resources", alsoActiveOn: ["/blog"] },
    {
      label: "About",
      to: "/about",
      alsoActiveOn: [owner.path],
      children: [
        { label: "About the company", to: "/about" },
        { label: `Meet ${owner.firstName}`, to: owner.path },
      ],
    },
    { label: "Contact", to: "/contact" },
  ];
}

/** True when `pathname` is `prefix` itself or lies below it (`/services` matches `/services/x`, not `/servicesx`). */
export function pathHasPrefix(pathname: string, prefix: string): boolean {
  if (prefix === "/") return pathname === "/";
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return clean === prefix || clean.startsWith(prefix + "/");
}

/** The spec's rule: active by path prefix; Resources also on /blog, About also on /meet-{name}. */
export function isNavItemActive(item: Pick<NavItem, "to" | "alsoActiveOn">, pathname: string): boolean {
  return [item.to, ...(item.alsoActiveOn ?? [])].some((prefix) => pathHasPrefix(pathname, prefix));
}
