import { describe, expect, it } from "vitest";
import { auditLogQuerySchema } from "./audit";
import { articleSlugCheckSchema, blogPageQuerySchema } from "./content";
import { markdownPreviewSchema } from "./markdown";
import { imageDeleteQuerySchema } from "./media";
import { checkInput } from "./result";
import { userListQuerySchema } from "./users";

describe("query string and preview schemas", () => {
  it("reads the audit log's filters: empty is no filter, a bad page is the first", () => {
    expect(auditLogQuerySchema.parse({ q: " ann ", action: "", page: "3" })).toEqual({
      q: "ann",
      action: undefined,
      page: 3,
    });
    expect(auditLogQuerySchema.parse({}).page).toBe(1);
    expect(auditLogQuerySchema.parse({ page: "zero" }).page).toBe(1);
    expect(auditLogQuerySchema.parse({ page: "0" }).page).toBe(1);
    expect(checkInput(auditLogQuerySchema, { q: "x".repeat(255) }).ok).toBe(false);
  });

  it("reads the public blog list's page and category, refusing anything else", () => {
    expect(blogPageQuerySchema.parse({ page: "2", category: "chargebacks" })).toEqual({
      page: 2,
      category: "chargebacks",
    });
    expect(blogPageQuerySchema.safeParse({ page: "0" }).success).toBe(false);
    expect(blogPageQuerySchema.safeParse({ page: "1.5" }).success).toBe(false);
    expect(blogPageQuerySchema.safeParse({ category: "Not a slug" }).success).toBe(false);
  });

  it("checks the slug of the as-you-type check and the user search", () => {
    expect(articleSlugCheckSchema.parse({ slug: " fees ", id: "abc" })).toEqual({ slug: "fees", id: "abc" });
    const bad = checkInput(articleSlugCheckSchema, { slug: "Bad Slug" });
    expect(bad.ok ? {} : bad.fieldErrors).toEqual({ slug: "Use lowercase letters, numbers and single hyphens." });
    expect(userListQuerySchema.parse({ q: " ann " })).toEqual({ q: "ann" });
  });

  it("deletes an image by force only for ?force=1", () => {
    expect(imageDeleteQuerySchema.parse({ force: "1" }).force).toBe(true);
    expect(imageDeleteQuerySchema.parse({ force: "true" }).force).toBe(false);
    expect(imageDeleteQuerySchema.parse({ force: ["1", "1"] }).force).toBe(false);
    expect(imageDeleteQuerySchema.parse({}).force).toBe(false);
  });

  it("previews Markdown sent as {markdown}, up to the field's limit", () => {
    const schema = markdownPreviewSchema(10);
    expect(schema.parse({ markdown: "**hi**" })).toEqual({ markdown: "**hi**" });
    const missing = checkInput(schema, { body: "**hi**" });
    expect(missing.ok ? {} : missing.fieldErrors).toEqual({ markdown: "Send the Markdown to preview." });
    const long = checkInput(schema, { markdown: "x".repeat(11) });
    expect(long.ok ? {} : long.fieldErrors).toEqual({ markdown: "The text must be 10 characters or fewer." });
  });
});
