import { Link } from "react-router";
import type { ImageInfo } from "@common/media";
import { ResponsiveImage } from "~/components/site/responsive-image";
import { formatDate } from "~/lib/dates";

export interface PostCardData {
  slug: string;
  title: string;
  excerpt: string;
  category: string;
  categorySlug: string;
  publishedAt: string | null;
  readingMinutes: number;
  authorName: string;
  /** The uploaded cover image, when the post has one. */
  cover?: ImageInfo | null;
}

/** A blog post teaser. The whole card is clickable through the title link's overlay. */
export function PostCard({
  post,
  headingLevel = "h2",
  priority = false,
}: {
  post: PostCardData;
  headingLevel?: "h2" | "h3";
  /** The first card of a page: its cover loads at once (above the fold). */
  priority?: boolean;
}) {
  const Heading = headingLevel;
  return (
    <article className="group relative flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow duration-200 hover:shadow-md">
      {post.cover ? (
        // Decorative here: the title beside it names the card.
        <ResponsiveImage
          image={post.cover}
          alt=""
          priority={priority}
          sizes="(min-width: 1024px) 24rem, (min-width: 640px) 50vw, 100vw"
          className="-mx-6 -mt-6 mb-5 aspect-[16/9] w-[calc(100%+3rem)] max-w-none rounded-t-xl object-cover"
        />
      ) : null}
      <p className="text-sm font-semibold text-accent-700">{post.category}</p>
      <Heading className="mt-2 text-xl font-bold leading-snug text-slate-900">
        <Link
          to={`/resources/blog/${post.slug}`}
          className="after:absolute after:inset-0 after:rounded-xl group-hover:text-brand-700"
        >
          {post.title}
        </Link>
      </Heading>
      <p className="mt-3 flex-1 leading-7 text-slate-600">{post.excerpt}</p>
      <p className="mt-5 text-sm text-slate-600">
        <time dateTime={post.publishedAt ?? undefined}>{formatDate(post.publishedAt)}</time>
        <span aria-hidden> · </span>
        {`${post.readingMinutes} min read`}
      </p>
    </article>
  );
}
