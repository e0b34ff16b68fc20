import { articleInputSchema, type ArticleInput, type ContentStatus } from "@common/content";
import { checkInput, type FieldErrors } from "@common/result";
import type { ArticleResponse } from "@server/content/api";
import { fromZonedInput, toZonedInput } from "~/lib/dates";

/** What the editor's fields hold (text as typed), and how it becomes the API's input. */
export interface ArticleFormValues {
  title: string;
  slug: string;
  excerpt: string;
  body: string;
  category: string;
  /** Comma-separated. */
  tags: string;
  seoTitle: string;
  seoDescription: string;
  status: ContentStatus;
  /** datetime-local text in Arizona time (scheduled items). */
  publishedAt: string;
  /** The cover image's stored file id; set by the cover image field (media library). */
  coverImageId: string | null;
  coverImageAlt: string;
  sortOrder: string;
  authorName: string;
}

export type EditorItem = ArticleResponse["item"];

export const EMPTY_VALUES: ArticleFormValues = {
  title: "",
  slug: "",
  excerpt: "",
  body: "",
  category: "",
  tags: "",
  seoTitle: "",
  seoDescription: "",
  status: "draft",
  publishedAt: "",
  coverImageId: null,
  coverImageAlt: "",
  sortOrder: "0",
  authorName: "",
};

export function valuesOf(item: EditorItem): ArticleFormValues {
  return {
    title: item.title,
    slug: item.slug,
    excerpt: item.excerpt,
    body: item.body,
    category: item.category,
    tags: item.tags.join(", "),
    seoTitle: item.seoTitle ?? "",
    seoDescription: item.seoDescription ?? "",
    // The status the public sees: a scheduled item whose time has come is published.
    status: item.effectiveStatus,
    publishedAt: toZonedInput(item.publishedAt),
    coverImageId: item.coverImageId,
    coverImageAlt: item.coverImageAlt ?? "",
    sortOrder: String(item.sortOrder),
    authorName: item.authorName,
  };
}

export function sameValues(a: ArticleFormValues, b: ArticleFormValues): boolean {
  return (Object.keys(a) as Array<keyof ArticleFormValues>).every((k) => a[k] === b[k]);
}

/**
 * The API input for the values. A published item keeps its original date (unless it was
 * only scheduled: publishing now means now); a draft keeps whatever date it had.
 */
export type EditorInput = Omit<ArticleInput, "authorName"> & { authorName?: string };

export function toInput(values: ArticleFormValues, item: EditorItem | undefined, now: number): EditorInput {
  let publishedAt: string | null;
  if (values.status === "scheduled") publishedAt = fromZonedInput(values.publishedAt);
  else if (values.status === "published")
    publishedAt = item?.publishedAt && Date.parse(item.publishedAt) <= now ? item.publishedAt : null;
  else publishedAt = item?.publishedAt ?? null;
  return {
    title: values.title,
    slug: values.slug,
    excerpt: values.excerpt,
    body: values.body,
    category: values.category,
    tags: values.tags
      .split(",")
      .map((t) => t.trim())
      .filter(Boolean),
    seoTitle: values.seoTitle,
    seoDescription: values.seoDescription,
    status: values.status,
    publishedAt,
    coverImageId: values.coverImageId,
    coverImageAlt: values.coverImageAlt,
    sortOrder: Number(values.sortOrder) || 0,
    ...(values.authorName ? { authorName: values.authorName } : {}),
  };
}

/** The shared schema's verdict on the values, with errors keyed by the editor's field names. */
export function checkValues(
  values: ArticleFormValues,
  item: EditorItem | undefined,
  now: number,
  authorFallback: string,
): { ok: true; input: EditorInput } | { ok: false; fieldErrors: FieldErrors } {
  const input = toInput(values, item, now);
  const checked = checkInput(articleInputSchema, {
    ...input,
    authorName: input.authorName || authorFallback || "Staff",
  });
  const fieldErrors: FieldErrors = {};
  if (!checked.ok)
    for (const [key, message] of Object.entries(checked.fieldErrors ?? {})) fieldErrors[key.split(".")[0]!] ??= message;
  if (values.status === "scheduled" && input.publishedAt && Date.parse(input.publishedAt) <= now)
    fieldErrors.publishedAt ??= "Choose a time in the future, or publish now.";
  return Object.keys(fieldErrors).length ? { ok: false, fieldErrors } : { ok: true, input };
}
