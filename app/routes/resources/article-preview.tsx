import { data } from "react-router";
import { requirePermission } from "@server/auth/permissions";
import { getArticlePreview } from "@server/content/article-views";
import { tableOfPreviewSection } from "@server/content/redirects";
import { previewOrRefusal, readUnsavedChanges, unsavedChangesContext } from "@server/content/unsaved-preview";
import { isVisible } from "@server/content/visibility";
import { getDb } from "@server/db";
import { withPostCovers } from "@server/media/images";
import { ArticleView } from "~/components/resources/article-view";
import { PreviewBanner } from "~/components/resources/preview-banner";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/article-preview";

/**
 * The staff preview of a blog post (`/preview/blog/:id`) or help guide (`/preview/guides/:id`)
 * in any status, exactly as the public page renders it: signed-in staff with the "content"
 * permission only (anonymous → /login), never indexed (robots meta and X-Robots-Tag) and never
 * cached (Cache-Control: no-store, set for every /preview/ path by the server). The editor's
 * "Preview changes" posts its unsaved values here (the action); the page then shows the item
 * with them, and nothing is saved.
 */
export async function action(args: Route.ActionArgs) {
  requirePermission(args, "content");
  return readUnsavedChanges(args);
}

const EDIT_BASE = { post: "/admin/blog-posts", guide: "/admin/help-guides" } as const;

export async function loader(args: Route.LoaderArgs) {
  requirePermission(args, "content");
  const table = tableOfPreviewSection(args.params.section);
  if (!table) throw data(null, { status: 404 });
  const changes = args.context.get(unsavedChangesContext);
  const view = await previewOrRefusal(() => getArticlePreview(getDb(), table, args.params.id, changes));
  if (!view) throw data(null, { status: 404 });
  const page = view.kind === "post" ? await withPostCovers(getDb(), view) : view;
  return data(
    {
      ...page,
      live: isVisible(view.article),
      unsaved: !!changes,
      editPath: `${EDIT_BASE[view.kind]}/${view.article.id}`,
    },
    { headers: PREVIEW_HEADERS },
  );
}

// Cache-Control: no-store comes from the server for every /preview/ path (noStoreForPrivatePaths).
const PREVIEW_HEADERS = { "X-Robots-Tag": "noindex, nofollow" };

export const headers: Route.HeadersFunction = () => PREVIEW_HEADERS;

export const meta: Route.MetaFunction = (args) =>
  args.loaderData
    ? seo(args, {
        title: `Preview: ${args.loaderData.article.title}`,
        description: args.loaderData.article.excerpt,
        noindex: true,
      })
    : [];

export default function ArticlePreviewPage({ loaderData }: Route.ComponentProps) {
  const { article, live, unsaved, editPath } = loaderData;
  return (
    <>
      <PreviewBanner
        status={article.status}
        live={live}
        unsaved={unsaved}
        publishedAt={article.publishedAt}
        editPath={editPath}
      />
      <ArticleView {...loaderData} />
    </>
  );
}
