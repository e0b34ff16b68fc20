import { getDb } from "@server/db";
import { notFoundOrRedirect } from "@server/redirects/redirects";
import { getArticleView } from "@server/content/article-views";
import { withPostCovers } from "@server/media/images";
import { shareImagePath } from "@common/media";
import { ArticleView } from "~/components/resources/article-view";
import { RSS_LINK } from "~/components/resources/rss";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/blog-post";

export async function loader({ params, request }: Route.LoaderArgs) {
  const view = await getArticleView(getDb(), "blog_posts", params.slug);
  return view ? withPostCovers(getDb(), view) : notFoundOrRedirect(getDb(), request);
}

export const meta: Route.MetaFunction = (args) => {
  if (!args.loaderData) return [];
  const { article: post } = args.loaderData;
  return [
    ...seo(args, {
      title: post.seoTitle ?? post.title,
      description: post.seoDescription ?? post.excerpt,
      type: "article",
      image: post.cover
        ? shareImagePath(post.cover)
        : post.coverImageUrl?.startsWith("/")
          ? post.coverImageUrl
          : undefined,
    }),
    { property: "article:published_time", content: post.publishedAt ?? "" },
    { property: "article:modified_time", content: post.updatedAt },
    { property: "article:section", content: post.category },
    RSS_LINK,
  ];
};

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  return <ArticleView {...loaderData} />;
}
