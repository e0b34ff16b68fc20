import { BlogPostView, type BlogPostViewProps } from "./blog-post-view";
import { GuideView, type GuideViewProps } from "./guide-view";

/**
 * A blog post or a help guide as the public sees it: the public pages and the staff preview
 * render the page data of server/content/article-views.ts through this one component.
 */
export function ArticleView(props: ({ kind: "post" } & BlogPostViewProps) | ({ kind: "guide" } & GuideViewProps)) {
  return props.kind === "post" ? <BlogPostView {...props} /> : <GuideView {...props} />;
}
