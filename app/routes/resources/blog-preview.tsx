import { data } from "react-router";
import { requirePermission } from "@server/auth/permissions";
import { getPostPreview } from "@server/content/posts";
import { previewOrRefusal, readUnsavedChanges, unsavedChangesContext } from "@server/content/unsaved-preview";
import { isVisible } from "@server/content/visibility";
import { getDb } from "@server/db";
import { withPostCovers } from "@server/media/images";
import { BlogPostView } from "~/components/resources/blog-post-view";
import { PreviewBanner } from "~/components/resources/preview-banner";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/blog-preview";

/**
 * The staff preview of a blog post in any status, exactly as the public page renders it:
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
  const view = await previewOrRefusal(() => getPostPreview(getDb(), args.params.id, changes));
  if (!view) throw data(null, { status: 404 });
  const { body: _body, ...post } = view.post;
  return data(
    { ...(await withPostCovers(getDb(), { ...view, post })), live: isVisible(post), unsaved: !!changes },
    { headers: PREVIEW_HEADERS },
  );
}

// Cache-Control: no-store comes from the server for every /preview/ path (noStoreForPrivatePaths).
const PREVIEW_HEADERS = { "X-Robots-Tag": "noindex, nofollow" };

export const headers: Route.HeadersFunction = () => PREVIEW_HEADERS;

export const meta: Route.MetaFunction = (args) =>
  args.loaderData
    ? seo(args, {
        title: `Preview: ${args.loaderData.post.title}`,
        description: args.loaderData.post.excerpt,
        noindex: true,
      })
    : [];

export default function BlogPreviewPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PreviewBanner
        status={loaderData.post.status}
        live={loaderData.live}
        unsaved={loaderData.unsaved}
        publishedAt={loaderData.post.publishedAt}
        editPath={`/admin/blog-posts/${loaderData.post.id}`}
      />
      <BlogPostView {...loaderData} />
    </>
  );
}
