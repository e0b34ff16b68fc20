import * as z from "zod/mini";
import { ARTICLE_LIMITS as A, FAQ_LIMITS as F } from "./limits";
import { slugSchema } from "./slug";
import { optionalText, requiredText, sortOrder } from "./text";

/**
 * Blog posts, help guides and FAQ items as staff send them: the admin forms validate with
 * these, and the content services (server/content) parse every write with them.
 */
export const CONTENT_STATUSES = ["draft", "scheduled", "published"] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

export const articleInputSchema = z
  .object({
    slug: slugSchema(A.slug),
    title: requiredText("a title", A.title),
    excerpt: requiredText("an excerpt", A.excerpt),
    body: requiredText("the body", A.body),
    coverImageUrl: z.pipe(
      z.nullish(
        z
          .string()
          .check(
            z.trim(),
            z.maxLength(A.coverImageUrl, `The image address must be ${A.coverImageUrl} characters or fewer.`),
            z.regex(/^$|^(https:\/\/|\/(?!\/))\S*$/, "Use an https:// URL or a site path starting with /."),
          ),
      ),
      z.transform((v) => (v ? v : null)),
    ),
    coverImageAlt: optionalText("the image description", A.coverImageAlt),
    /** The uploaded cover image (its stored file id); the media picker sets it. */
    coverImageId: optionalText("the cover image", 36),
    authorName: requiredText("the author", A.authorName),
    authorUserId: optionalText("the author's id", A.authorUserId),
    category: requiredText("a category", A.category),
    tags: z.pipe(
      z._default(
        z
          .array(
            z
              .string()
              .check(
                z.trim(),
                z.minLength(1, "Remove the empty tag."),
                z.maxLength(A.tag, `A tag must be ${A.tag} characters or fewer.`),
              ),
          )
          .check(z.maxLength(A.tags, `Use at most ${A.tags} tags.`)),
        [],
      ),
      z.transform((tags) => [...new Set(tags)]),
    ),
    status: z._default(z.enum(CONTENT_STATUSES, { error: "Choose draft, scheduled or published." }), "draft"),
    publishedAt: z.pipe(
      z.nullish(z.iso.datetime({ offset: true, error: "Choose a valid date and time." })),
      z.transform((v) => (v ? new Date(v).toISOString() : null)),
    ),
    seoTitle: optionalText("the search title", A.seoTitle),
    seoDescription: optionalText("the search description", A.seoDescription),
    sortOrder: sortOrder(A.sortOrder),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.status === "scheduled" && !value.publishedAt) {
        ctx.issues.push({
          code: "custom",
          input: value.publishedAt,
          path: ["publishedAt"],
          message: "Choose when the scheduled item goes live.",
        });
      }
    }),
  );

export type ArticleInput = z.input<typeof articleInputSchema>;
export type ArticleValues = z.output<typeof articleInputSchema>;

export const faqInputSchema = z.object({
  slug: slugSchema(F.slug),
  question: requiredText("the question", F.question),
  answer: requiredText("the answer", F.answer),
  category: requiredText("a category", F.category),
  sortOrder: sortOrder(F.sortOrder),
  published: z._default(z.boolean(), false),
});

export type FaqInput = z.input<typeof faqInputSchema>;
export type FaqValues = z.output<typeof faqInputSchema>;

/** Blog posts and help guides, as the admin screens and API name them. */
export const ARTICLE_KINDS = ["blog-posts", "help-guides"] as const;
export type ArticleKind = (typeof ARTICLE_KINDS)[number];

export const ADMIN_ARTICLE_PAGE_SIZE = 20;
export const ARTICLE_SORTS = ["updated", "published", "title"] as const;
export type ArticleSort = (typeof ARTICLE_SORTS)[number];

/** The admin list's query string: title search, status and category filters, sort and page. */
export const articleListQuerySchema = z.object({
  q: z._default(z.string().check(z.trim(), z.maxLength(A.title, "Search for fewer characters.")), ""),
  status: z.optional(z.enum(CONTENT_STATUSES, { error: "Choose draft, scheduled or published." })),
  category: z.optional(z.string().check(z.trim(), z.maxLength(A.category, "Choose a category from the list."))),
  sort: z._default(z.enum(ARTICLE_SORTS, { error: "Sort by updated, published or title." }), "updated"),
  page: z._default(
    z.pipe(
      z.coerce.number({ error: "Choose a page number." }),
      z.int({ error: "Choose a page number." }).check(z.minimum(1, "Choose a page number from 1.")),
    ),
    1,
  ),
});
export type ArticleListQuery = z.output<typeof articleListQuerySchema>;

/**
 * The public blog list's query string: `?page=` a whole number from 1 and `?category=` a
 * category slug; anything else is a 404 (so crawlers never index empty or duplicate pages).
 */
export const blogPageQuerySchema = z.object({
  page: z.optional(
    z.pipe(
      z.string().check(z.regex(/^[1-9]\d{0,5}$/)),
      z.transform((page) => Number(page)),
    ),
  ),
  category: z.optional(z.string().check(z.regex(/^[a-z0-9-]{1,80}$/))),
});

/** The editor's as-you-type slug check (`?slug=&id=`): the slug, and the item being edited, if any. */
export const articleSlugCheckSchema = z.object({
  slug: slugSchema(A.slug),
  id: z.optional(z.string({ error: "Send the item's id as text." }).check(z.maxLength(64, "Unknown item id."))),
});

/** An editor's save: the item, the version it was based on, and whether it was an autosave. */
export const articleSaveMetaSchema = z.object({
  baseVersion: z.pipe(
    z.coerce.number({ error: "Reload the item: the version it was based on is missing." }),
    z.int({ error: "Reload the item: the version it was based on is missing." }).check(z.minimum(1)),
  ),
  autosave: z._default(z.boolean(), false),
});

export const BULK_ACTIONS = ["publish", "unpublish", "delete"] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

export const articleBulkSchema = z.object({
  action: z.enum(BULK_ACTIONS, { error: "Choose publish, unpublish or delete." }),
  ids: z
    .array(z.string().check(z.minLength(1), z.maxLength(36)), { error: "Choose the items." })
    .check(z.minLength(1, "Choose at least one item."), z.maxLength(200, "Choose at most 200 items at a time.")),
});
export type ArticleBulk = z.output<typeof articleBulkSchema>;
const faqIds = (message: string) =>
  z
    .array(z.string().check(z.minLength(1, "Missing item id.")), { error: message })
    .check(z.minLength(1, message), z.maxLength(1000, "Too many items."));
/**
 * A new order of one FAQ category: every item id of that category, first to last, and
 * optionally the order the move was made from (`basis`): when the category is no longer in
 * that order (someone else moved a question meanwhile), the move is refused.
 */
export const faqReorderSchema = z.object({
  category: requiredText("a category", F.category),
  ids: faqIds("Send the items in their new order."),
  basis: z.optional(faqIds("Send the order the move was made from.")),
});
export type FaqReorderInput = z.input<typeof faqReorderSchema>;
