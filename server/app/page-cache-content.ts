import { nextDueAt } from "../content/articles";
import { getContentVersion } from "../content-version/content-version";
import type { ContentSource } from "../http/page-cache/content-state";

/**
 * What a cached public page depends on (decision 0016): the content version, and the first
 * scheduled publication of a post or a guide still to come (a page built before it must not
 * be served after it).
 */
export const pageCacheContent: ContentSource = {
  version: getContentVersion,
  async nextDueAt(db, now) {
    const dues = await Promise.all([nextDueAt(db, "blog_posts", now), nextDueAt(db, "help_guides", now)]);
    const times = dues.filter((d): d is string => Boolean(d)).map((d) => Date.parse(d));
    return times.length ? Math.min(...times) : null;
  },
};
