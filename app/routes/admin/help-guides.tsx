import { ArticleListPage } from "~/components/admin/content/article-pages";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/help-guides";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Help guides · Admin",
    description: "Write and order the step-by-step guides in the resources section.",
    noindex: true,
  });

/** The Help guides list (GET /api/admin/help-guides); the editor is /admin/help-guides/:id. */
export default function Page() {
  return <ArticleListPage kind="help-guides" />;
}
