import { ARTICLE_LIMITS } from "@common/limits";
import { CoverImagePicker } from "~/components/admin/media/image-picker";
import { SlugField as CheckedSlugField } from "~/components/admin/slug-field";
import { Field, FieldError } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { contentKeys } from "~/lib/query-keys";
import { cn } from "~/lib/utils";
import type { KindInfo } from "./article-kind";

/** The article's slug, checked with the API as you type (409 when another item has it). */
export function SlugField({
  info,
  id,
  value,
  error,
  onChange,
}: {
  info: KindInfo;
  id?: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <CheckedSlugField
      value={value}
      error={error}
      maxLength={ARTICLE_LIMITS.slug}
      checkKey={(slug) => contentKeys(info.kind).slugCheck(slug, id)}
      hint={
        <>
          The address:{" "}
          <span className="break-all font-mono text-foreground">{`${info.publicBase}/${value || "…"}`}</span>
        </>
      }
      onChange={onChange}
    />
  );
}

function Counter({ length, ideal, max }: { length: number; ideal: number; max: number }) {
  return (
    <span className={cn("tabular-nums", length > ideal ? "text-warning" : "text-muted-foreground")}>
      {length} / {ideal} characters{length > ideal ? ` (search engines cut after about ${ideal}; at most ${max})` : ""}
    </span>
  );
}

export const SEO_TITLE_IDEAL = 60;
export const SEO_DESCRIPTION_IDEAL = 160;

/** SEO title and description with counters, and how a search result would show them. */
export function SeoFields({
  info,
  title,
  excerpt,
  slug,
  seoTitle,
  seoDescription,
  errors,
  onChange,
}: {
  info: KindInfo;
  title: string;
  excerpt: string;
  slug: string;
  seoTitle: string;
  seoDescription: string;
  errors: Record<string, string>;
  onChange: (name: "seoTitle" | "seoDescription", value: string) => void;
}) {
  const shownTitle = seoTitle.trim() || title.trim() || "Title";
  const shownDescription = seoDescription.trim() || excerpt.trim();
  const cut = (text: string, n: number) => (text.length > n ? `${text.slice(0, n - 1).trimEnd()}…` : text);
  return (
    <div className="grid gap-4">
      <Field
        label="Search title"
        mark="optional"
        error={errors.seoTitle}
        hint={<Counter length={seoTitle.length} ideal={SEO_TITLE_IDEAL} max={ARTICLE_LIMITS.seoTitle} />}
      >
        <Input
          name="seoTitle"
          value={seoTitle}
          maxLength={ARTICLE_LIMITS.seoTitle}
          placeholder={title}
          onChange={(e) => onChange("seoTitle", e.currentTarget.value)}
        />
      </Field>
      <Field
        label="Search description"
        mark="optional"
        error={errors.seoDescription}
        hint={
          <Counter length={seoDescription.length} ideal={SEO_DESCRIPTION_IDEAL} max={ARTICLE_LIMITS.seoDescription} />
        }
      >
        <Textarea
          name="seoDescription"
          value={seoDescription}
          rows={3}
          maxLength={ARTICLE_LIMITS.seoDescription}
          placeholder={excerpt}
          onChange={(e) => onChange("seoDescription", e.currentTarget.value)}
        />
      </Field>
      <figure className="rounded-md border border-border bg-background p-4">
        <figcaption className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
          In search results
        </figcaption>
        <p className="mt-2 break-all text-sm text-slate-700">
          meritum · {info.publicBase}/{slug}
        </p>
        <p className="mt-1 text-lg leading-snug text-[#1a0dab]">{cut(`${shownTitle} | Meritum`, SEO_TITLE_IDEAL)}</p>
        <p className="mt-1 text-sm text-slate-700">
          {cut(shownDescription, SEO_DESCRIPTION_IDEAL) || "No description yet."}
        </p>
      </figure>
    </div>
  );
}

/**
 * The cover image of the item: its uploaded image's id (`coverImageId`, saved with the item)
 * and its alt text (`coverImageAlt`, the image's description in the media library), chosen
 * or uploaded with the media library's picker.
 */
export function CoverImageField({
  value,
  error,
  onChange,
}: {
  value: string | null;
  alt: string;
  error?: string;
  onChange: (value: { coverImageId: string | null; coverImageAlt: string }) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <CoverImagePicker
        imageId={value}
        onChange={(image) => onChange({ coverImageId: image?.id ?? null, coverImageAlt: image?.alt ?? "" })}
      />
      <FieldError>{error}</FieldError>
    </div>
  );
}
