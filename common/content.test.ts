import { describe, expect, it } from "vitest";
import { articleInputSchema, faqInputSchema } from "./content";
import { checkInput } from "./result";

const article = {
  slug: "reading-a-statement",
  title: "Reading a statement",
  excerpt: "What each line means.",
  body: "Body text.",
  authorName: "Mark",
  category: "Guides",
};

describe("content schemas", () => {
  it("fills defaults and normalises optional fields", () => {
    const parsed = checkInput(articleInputSchema, { ...article, coverImageUrl: "", tags: ["a", "a", "b"] });
    expect(parsed).toMatchObject({
      ok: true,
      data: { status: "draft", coverImageUrl: null, tags: ["a", "b"], sortOrder: 0, publishedAt: null },
    });
  });

  it("refuses a bad slug, an unsafe cover image and a schedule without a date, with one sentence each", () => {
    const result = checkInput(articleInputSchema, {
      ...article,
      slug: "Not A Slug",
      coverImageUrl: "javascript:alert(1)",
      status: "scheduled",
    });
    expect(result.ok ? {} : result.fieldErrors).toEqual({
      slug: "Use lowercase letters, numbers and single hyphens.",
      coverImageUrl: "Use an https:// URL or a site path starting with /.",
      publishedAt: "Choose when the scheduled item goes live.",
    });
    const faq = checkInput(faqInputSchema, { slug: "x", question: "", answer: "A", category: "C", sortOrder: "-1" });
    expect(faq.ok ? {} : faq.fieldErrors).toEqual({ question: "Enter the question.", sortOrder: "Enter 0 or more." });
  });
});
