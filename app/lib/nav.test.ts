import { describe, expect, it } from "vitest";
import { buildNavItems, isNavItemActive, pathHasPrefix } from "./nav";

const items = buildNavItems({ firstName: "Mark", path: "/meet-mark" });
const byLabel = (label: string) => items.find((i) => i.label === label)!;
const activeLabels = (pathname: string) => items.filter((i) => isNavItemActive(i, pathname)).map((i) => i.label);

describe("navigation items (spec section 2)", () => {
  it("lists Services, Industries, Resources, About, Contact in order", () => {
    expect(items.map((i) => i.label)).toEqual(["Services", "Industries", "Resources", "About", "Contact"]);
  });

  it("Services has the overview and the three service pages", () => {
    expect(byLabel("Services").children).toEqual([
      { label: "Services overview", to: "/services" },
      { label: "Small Business Merchant Accounts", to: "/services/merchant-accounts" },
      { label: "Mobile Payment Options", to: "/services/mobile-payments" },
      { label: "Online Payment Gateways", to: "/services/online-gateways" },
    ]);
  });

  it("About has About the company and Meet {name}", () => {
    expect(byLabel("About").children).toEqual([
      { label: "About the company", to: "/about" },
      { label: "Meet Mark", to: "/meet-mark" },
    ]);
  });
});

describe("active matching", () => {
  it("matches by path prefix on segment boundaries", () => {
    expect(pathHasPrefix("/services", "/services")).toBe(true);
    expect(pathHasPrefix("/services/", "/services")).toBe(true);
    expect(pathHasPrefix("/services/mobile-payments", "/services")).toBe(true);
    expect(pathHasPrefix("/servicesx", "/services")).toBe(false);
    expect(pathHasPrefix("/", "/")).toBe(true);
    expect(pathHasPrefix("/about", "/")).toBe(false);
  });

  it("highlights exactly one item for each section", () => {
    expect(activeLabels("/services/merchant-accounts")).toEqual(["Services"]);
    expect(activeLabels("/industries/restaurants")).toEqual(["Industries"]);
    expect(activeLabels("/resources/blog/some-post")).toEqual(["Resources"]);
    expect(activeLabels("/about")).toEqual(["About"]);
    expect(activeLabels("/contact")).toEqual(["Contact"]);
  });

  it("Resources is also active on /blog paths", () => {
    expect(activeLabels("/blog")).toEqual(["Resources"]);
    expect(activeLabels("/blog/interchange-plus")).toEqual(["Resources"]);
  });

  it("About is also active on /meet-{name}", () => {
    expect(activeLabels("/meet-mark")).toEqual(["About"]);
  });

  it("nothing is active on the home page or unrelated pages", () => {
    expect(activeLabels("/")).toEqual([]);
    expect(activeLabels("/privacy-policy")).toEqual([]);
    expect(activeLabels("/meet-markus")).toEqual([]);
  });
});
