import { ArticleEditorPage } from "~/components/admin/content/article-pages";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/blog-post-editor";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: `${args.params.id === "new" ? "New" : "Edit"} blog post · Admin`,
    description: "Write, schedule and publish articles for the public blog.",
    noindex: true,
  });

/** The shared article editor for one item of Blog posts ("new" creates one). */
export default function Page({ params }: Route.ComponentProps) {
  return <ArticleEditorPage kind="blog-posts" id={params.id} />;
}
