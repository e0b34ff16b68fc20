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
      shareImagePath: null,
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

  it("uses the share image chosen in the settings, and the default description token", () => {
    const root: RootData = {
      settings: { ...settings, seoDescription: "Fair card processing." },
      owner: { firstName: "Ada", name: "Ada Lane", path: "/meet-ada" },
      siteUrl: "https://acme.example",
      shareImagePath: "/media/0b8a1c3e-5d2f-4e6a-9b7c-1d2e3f4a5b6c/original",
    };
    const tags = seo(
      { matches: [{ id: "root", loaderData: root }], location: { pathname: "/" } },
      { title: "Home", description: "{seoDescription}" },
    );
    expect(tags).toContainEqual({ name: "description", content: "Fair card processing." });
    expect(tags).toContainEqual({
      property: "og:image",
      content: "https://acme.example/media/0b8a1c3e-5d2f-4e6a-9b7c-1d2e3f4a5b6c/original",
    });
  });
});
