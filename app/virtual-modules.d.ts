declare module "virtual:site-scripts" {
  /** The public site's browser entry and the chunks it imports (scripts/vite-site-scripts.ts); null in the browser. */
  const siteScripts: { entry: string; preloads: string[] } | null;
  export default siteScripts;
}
