import { ArticleEditorPage } from "~/components/admin/content/article-pages";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/help-guide-editor";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: `${args.params.id === "new" ? "New" : "Edit"} help guide · Admin`,
    description: "Write and order the step-by-step guides in the resources section.",
    noindex: true,
  });

/** The shared article editor for one item of Help guides ("new" creates one). */
export default function Page({ params }: Route.ComponentProps) {
  return <ArticleEditorPage kind="help-guides" id={params.id} />;
}
