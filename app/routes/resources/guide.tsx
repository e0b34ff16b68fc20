import { getDb } from "@server/db";
import { notFoundOrRedirect } from "@server/redirects/redirects";
import { getArticleView } from "@server/content/article-views";
import { ArticleView } from "~/components/resources/article-view";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/guide";

export async function loader({ params, request }: Route.LoaderArgs) {
  const view = await getArticleView(getDb(), "help_guides", params.slug);
  return view ?? notFoundOrRedirect(getDb(), request);
}

export const meta: Route.MetaFunction = (args) =>
  args.loaderData
    ? seo(args, {
        title: args.loaderData.article.seoTitle ?? args.loaderData.article.title,
        description: args.loaderData.article.seoDescription ?? args.loaderData.article.excerpt,
        type: "article",
      })
    : [];

export default function GuidePage({ loaderData }: Route.ComponentProps) {
  return <ArticleView {...loaderData} />;
}
