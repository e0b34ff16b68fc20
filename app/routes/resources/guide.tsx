import { getDb } from "@server/db";
import { notFoundOrRedirect } from "@server/redirects/redirects";
import { getGuideView } from "@server/content/guides";
import { GuideView } from "~/components/resources/guide-view";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/guide";

export async function loader({ params, request }: Route.LoaderArgs) {
  const view = await getGuideView(getDb(), params.slug);
  if (!view) return notFoundOrRedirect(getDb(), request);
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
