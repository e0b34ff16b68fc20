import { data } from "react-router";
import { requirePermission } from "@server/auth/permissions";
import { getGuidePreview } from "@server/content/guides";
import { previewOrRefusal, readUnsavedChanges, unsavedChangesContext } from "@server/content/unsaved-preview";
import { isVisible } from "@server/content/visibility";
import { getDb } from "@server/db";
import { GuideView } from "~/components/resources/guide-view";
import { PreviewBanner } from "~/components/resources/preview-banner";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/guide-preview";

/**
 * The staff preview of a help guide in any status, exactly as the public page renders it:
 * signed-in staff with the "content" permission only (anonymous → /login), never indexed
 * (robots meta and X-Robots-Tag) and never cached (Cache-Control: no-store, set for every
 * /preview/ path by the server). The editor's "Preview changes" posts its unsaved values
 * here (the action); the page then shows the item with them, and nothing is saved.
 */
export async function action(args: Route.ActionArgs) {
  requirePermission(args, "content");
  return readUnsavedChanges(args);
}

export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "content");
  const changes = args.context.get(unsavedChangesContext);
  const view = await previewOrRefusal(() => getGuidePreview(getDb(), args.params.id, changes));
  if (!view) throw data(null, { status: 404 });
  const { body: _body, ...guide } = view.guide;
  return data({ ...view, guide, live: isVisible(guide), unsaved: !!changes }, { headers: PREVIEW_HEADERS });
}

// Cache-Control: no-store comes from the server for every /preview/ path (noStoreForPrivatePaths).
const PREVIEW_HEADERS = { "X-Robots-Tag": "noindex, nofollow" };

export const headers: Route.HeadersFunction = () => PREVIEW_HEADERS;

export const meta: Route.MetaFunction = (args) =>
  args.loaderData
    ? seo(args, {
        title: `Preview: ${args.loaderData.guide.title}`,
        description: args.loaderData.guide.excerpt,
        noindex: true,
      })
    : [];

export default function GuidePreviewPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PreviewBanner
        status={loaderData.guide.status}
        live={loaderData.live}
        unsaved={loaderData.unsaved}
        publishedAt={loaderData.guide.publishedAt}
        editPath={`/admin/help-guides/${loaderData.guide.id}`}
      />
      <GuideView {...loaderData} />
    </>
  );
}
