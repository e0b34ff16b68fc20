import { ArticleListPage } from "~/components/admin/content/article-pages";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/blog-posts";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Blog posts · Admin",
    description: "Write, schedule and publish articles for the public blog.",
    noindex: true,
  });

/** The Blog posts list (GET /api/admin/blog-posts); the editor is /admin/blog-posts/:id. */
export default function Page() {
  return <ArticleListPage kind="blog-posts" />;
}
