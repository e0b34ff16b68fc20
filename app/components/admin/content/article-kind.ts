import type { ArticleKind, ContentStatus } from "@common/content";

/** Words and paths of the two article kinds, for the shared list and editor. */
export interface KindInfo {
  kind: ArticleKind;
  /** "post" / "guide" */
  one: string;
  many: string;
  title: string;
  basePath: string;
  publicBase: string;
}

export const KINDS: Record<ArticleKind, KindInfo> = {
  "blog-posts": {
    kind: "blog-posts",
    one: "post",
    many: "posts",
    title: "Blog posts",
    basePath: "/admin/blog-posts",
    publicBase: "/resources/blog",
  },
  "help-guides": {
    kind: "help-guides",
    one: "guide",
    many: "guides",
    title: "Help guides",
    basePath: "/admin/help-guides",
    publicBase: "/resources/guides",
  },
};

export const STATUS_LABEL: Record<ContentStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  published: "Published",
};

export const STATUS_BADGE: Record<ContentStatus, "neutral" | "warning" | "success"> = {
  draft: "neutral",
  scheduled: "warning",
  published: "success",
};
