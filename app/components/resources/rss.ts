/** The <link rel="alternate"> that points feed readers at the blog's RSS feed. */
export const RSS_LINK = {
  tagName: "link",
  rel: "alternate",
  type: "application/rss+xml",
  title: "Meritum blog",
  href: "/resources/blog/rss.xml",
} as const;
