import { describe, expect, it } from "vitest";
import { defaultSiteSettings, ownerFirstName, ownerPath, siteSettingsSchema } from "./settings";
import { fieldErrorsOf } from "./result";
import { slugify } from "./slug";

describe("site settings defaults", () => {
  it("carry the spec's constants", () => {
    expect(defaultSiteSettings.companyName).toBe("Meritum");
    expect(defaultSiteSettings.phone).toBe("(800) 431-9848");
    expect(defaultSiteSettings.location).toBe("Gilbert, Arizona");
    expect(defaultSiteSettings.experience).toBe("35+ years");
    expect(defaultSiteSettings.copyrightYear).toBe(2025);
    expect(siteSettingsSchema.safeParse(defaultSiteSettings).success).toBe(true);
  });

  it("refuses bad values with a sentence per field", () => {
    const parsed = siteSettingsSchema.safeParse({
      ...defaultSiteSettings,
      email: "nope",
      phone: "12",
      companyName: " ",
    });
    expect(parsed.success).toBe(false);
    const messages = fieldErrorsOf(parsed.error!);
    expect(messages).toEqual({
      email: "Enter a valid e-mail address.",
      phone: "The phone number needs at least 7 characters.",
      companyName: "Enter the company name.",
    });
  });

  it("takes only an https:// LinkedIn address", () => {
    for (const linkedinUrl of ["javascript:alert(1)//https://x", "http://www.linkedin.com/x", "data:text/html,x"]) {
      const parsed = siteSettingsSchema.safeParse({ ...defaultSiteSettings, linkedinUrl });
      expect(parsed.success, linkedinUrl).toBe(false);
      expect(fieldErrorsOf(parsed.error!).linkedinUrl).toBe("Enter the full LinkedIn address, starting with https://.");
    }
    expect(
      siteSettingsSchema.safeParse({ ...defaultSiteSettings, linkedinUrl: "https://x.example/in/a" }).success,
    ).toBe(true);
  });
});

describe("owner path", () => {
  it("is /meet- plus the slug of the owner's first name", () => {
    expect(ownerFirstName({ ownerName: "Mark Ellison" })).toBe("Mark");
    expect(ownerPath({ ownerName: "Mark Ellison" })).toBe("/meet-mark");
    expect(ownerPath({ ownerName: "  José  Álvarez " })).toBe("/meet-jose");
  });

  it("is /meet- plus the owner slug when one is set", () => {
    expect(ownerPath({ ownerName: "Mark Ellison", ownerSlug: "mark-ellison" })).toBe("/meet-mark-ellison");
    expect(siteSettingsSchema.safeParse({ ...defaultSiteSettings, ownerSlug: "Mark!" }).success).toBe(false);
  });
});

describe("slugify", () => {
  it("makes lower-case ASCII hyphenated slugs", () => {
    expect(slugify("Salons & Spas")).toBe("salons-and-spas");
    expect(slugify("  Interchange-Plus vs. Flat Rate!  ")).toBe("interchange-plus-vs-flat-rate");
    expect(slugify("Crème brûlée")).toBe("creme-brulee");
  });
});
