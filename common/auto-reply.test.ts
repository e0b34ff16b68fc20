import { describe, expect, it } from "vitest";
import {
  autoReplySchema,
  fillPlaceholders,
  FORM_AUTO_REPLY,
  FREE_ANALYSIS_AUTO_REPLY,
  openingHoursText,
  unknownPlaceholders,
} from "./auto-reply";
import { DEFAULT_OPENING_HOURS } from "./business-hours";

describe("auto-reply templates", () => {
  it("finds unknown placeholders, spaces inside the braces allowed, each once", () => {
    expect(unknownPlaceholders("Hi {{name}}, {{ nmae }} {{unknown}} {{unknown}} {{reference}}")).toEqual([
      "nmae",
      "unknown",
    ]);
    expect(unknownPlaceholders("{{ firstName }} {{statement}}")).toEqual([]);
  });

  it("fills known placeholders and leaves the rest of the text as written", () => {
    expect(fillPlaceholders("Hi {{ firstName }} ({{reference}}) {x}", (k) => `<${k}>`)).toBe(
      "Hi <firstName> (<reference>) {x}",
    );
  });

  it("refuses a template with an unknown placeholder at its field; the defaults pass", () => {
    const bad = autoReplySchema.safeParse({ enabled: true, subject: "Hi {{nmae}}", body: "ok" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ["subject"], message: expect.stringContaining("{{nmae}}") });
    expect(autoReplySchema.safeParse(FREE_ANALYSIS_AUTO_REPLY).success).toBe(true);
    expect(autoReplySchema.safeParse(FORM_AUTO_REPLY).success).toBe(true);
  });

  it("says the opening hours in words, days with the same hours together", () => {
    expect(openingHoursText(DEFAULT_OPENING_HOURS)).toBe("Monday to Friday, 8 a.m. to 5 p.m., Arizona time");
    expect(
      openingHoursText({
        ...DEFAULT_OPENING_HOURS,
        wednesday: { open: "12:00", close: "17:30" },
        saturday: { open: "09:00", close: "24:00" },
      }),
    ).toBe(
      "Monday and Tuesday, 8 a.m. to 5 p.m.; Wednesday, noon to 5:30 p.m.; Thursday and Friday, 8 a.m. to 5 p.m.; Saturday, 9 a.m. to midnight, Arizona time",
    );
  });
});
