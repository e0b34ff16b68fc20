import { describe, expect, it } from "vitest";
import { fillSettings, seo } from "./seo";
import type { RootData } from "./site";

const settings = {
  companyName: "Acme Pay",
  location: "Mesa, Arizona",
  experience: "20+ years",
  phone: "(480) 555-0100",
  ownerName: "Ada Lane",
} as RootData["settings"];

describe("fillSettings", () => {
  it("replaces the known tokens with the settings store's values and leaves other braces alone", () => {
    expect(
      fillSettings("{companyName} in {location}, {experience}; call {phone} or {ownerName} {other}", settings),
    ).toBe("Acme Pay in Mesa, Arizona, 20+ years; call (480) 555-0100 or Ada Lane {other}");
  });
  it("falls back to the defaults without root data", () => {
    expect(fillSettings("{companyName} in {location}", undefined)).toBe("Meritum in Gilbert, Arizona");
  });
});

describe("seo", () => {
  it("fills tokens in title and description and builds the canonical from SITE_URL", () => {
    const root: RootData = {
      settings,
      owner: { firstName: "Ada", name: "Ada Lane", path: "/meet-ada" },
      siteUrl: "https://acme.example",
    };
    const tags = seo(
      { matches: [{ id: "root", loaderData: root }], location: { pathname: "/about" } },
      { title: "About {companyName}", description: "Based in {location}." },
    );
    expect(tags).toContainEqual({ title: "About Acme Pay" });
    expect(tags).toContainEqual({ name: "description", content: "Based in Mesa, Arizona." });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://acme.example/about" });
    expect(tags).toContainEqual({ property: "og:image", content: "https://acme.example/og-default.png" });
  });
});
