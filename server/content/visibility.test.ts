import { describe, expect, it } from "vitest";
import { isVisible } from "./visibility";
import { pickRelated } from "./posts";
import { stepsFromHeadings } from "./guides";
import type { Article } from "./articles";

const now = new Date("2026-01-01T12:00:00.000Z");

describe("visibility rule", () => {
  it.each([
    ["draft", "2025-12-01T00:00:00.000Z", false],
    ["draft", null, false],
    ["scheduled", "2026-01-01T12:00:01.000Z", false],
    ["scheduled", "2026-01-01T12:00:00.000Z", true],
    ["published", "2026-02-01T00:00:00.000Z", false],
    ["published", "2025-02-01T00:00:00.000Z", true],
    ["published", null, false],
    ["archived", "2025-02-01T00:00:00.000Z", false],
  ] as const)("%s at %s → %s", (status, publishedAt, visible) => {
    expect(isVisible({ status, publishedAt }, now)).toBe(visible);
  });
});

function article(slug: string, category: string, tags: string[], publishedAt: string): Article {
  return {
    id: slug,
    slug,
    title: slug,
    excerpt: "",
    body: "",
    coverImageUrl: null,
    coverImageAlt: null,
    coverImageId: null,
    authorName: "A",
    authorUserId: null,
    category,
    categorySlug: category,
    tags,
    status: "published",
    publishedAt,
    seoTitle: null,
    seoDescription: null,
    readingMinutes: 1,
    sortOrder: 0,
    version: 1,
    createdAt: publishedAt,
    updatedAt: publishedAt,
  };
}

describe("related posts", () => {
  it("prefers the same category, then shared tags, then the newest", () => {
    const current = article("current", "pricing", ["fees"], "2025-05-01T00:00:00.000Z");
    const picked = pickRelated(current, [
      current,
      article("other-new", "security", [], "2025-09-01T00:00:00.000Z"),
      article("tag-match", "security", ["fees"], "2025-01-01T00:00:00.000Z"),
      article("same-cat", "pricing", [], "2024-01-01T00:00:00.000Z"),
      article("other-old", "security", [], "2024-01-01T00:00:00.000Z"),
    ]);
    expect(picked.map((p) => p.slug)).toEqual(["same-cat", "tag-match", "other-new"]);
  });
});

describe("guide steps", () => {
  it("reads numbered step headings as HowTo steps", () => {
    expect(
      stepsFromHeadings([
        { depth: 2, text: "Before you start", id: "before-you-start" },
        { depth: 2, text: "Step 1: Check the device", id: "step-1-check-the-device" },
        { depth: 3, text: "Step 2: Nested is ignored", id: "x" },
        { depth: 2, text: "Step 2 – Connect", id: "step-2-connect" },
      ]),
    ).toEqual([
      { name: "Check the device", id: "step-1-check-the-device" },
      { name: "Connect", id: "step-2-connect" },
    ]);
  });
});
