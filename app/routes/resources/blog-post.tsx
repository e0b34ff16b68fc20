import { getDb } from "@server/db";
import { missingArticle } from "@server/content/redirects";
import { getPostView } from "@server/content/posts";
import { BlogPostView } from "~/components/resources/blog-post-view";
import { RSS_LINK } from "~/components/resources/rss";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/blog-post";

export async function loader({ params }: Route.LoaderArgs) {
  const view = await getPostView(getDb(), params.slug);
  if (!view) throw await missingArticle(getDb(), `/resources/blog/${params.slug}`);
  const { body: _body, ...post } = view.post;
  return { ...view, post };
}

export const meta: Route.MetaFunction = (args) => {
  if (!args.loaderData) return [];
  const { post } = args.loaderData;
  return [
    ...seo(args, {
      title: post.seoTitle ?? post.title,
      description: post.seoDescription ?? post.excerpt,
      type: "article",
      image: post.coverImageUrl?.startsWith("/") ? post.coverImageUrl : undefined,
    }),
    { property: "article:published_time", content: post.publishedAt ?? "" },
    { property: "article:modified_time", content: post.updatedAt },
    { property: "article:section", content: post.category },
    RSS_LINK,
  ];
};

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  return <BlogPostView {...loaderData} />;
}
