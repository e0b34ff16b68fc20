import { getDb } from "@server/db";
import { missingArticle } from "@server/content/redirects";
import { getGuideView } from "@server/content/guides";
import { GuideView } from "~/components/resources/guide-view";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/guide";

export async function loader({ params }: Route.LoaderArgs) {
  const view = await getGuideView(getDb(), params.slug);
  if (!view) throw await missingArticle(getDb(), `/resources/guides/${params.slug}`);
  const { body: _body, ...guide } = view.guide;
  return { ...view, guide };
}

export const meta: Route.MetaFunction = (args) =>
  args.loaderData
    ? seo(args, {
        title: args.loaderData.guide.seoTitle ?? args.loaderData.guide.title,
        description: args.loaderData.guide.seoDescription ?? args.loaderData.guide.excerpt,
        type: "article",
      })
    : [];

export default function GuidePage({ loaderData }: Route.ComponentProps) {
  return <GuideView {...loaderData} />;
}
