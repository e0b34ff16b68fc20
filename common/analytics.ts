/**
 * Visitor counting (decision 0044): what the public pages' beacon (app/enhance/visit-count.ts)
 * sends to the server and the server accepts (server/analytics/collect.ts). Pure and tiny: it
 * is on every public page's first load. No cookie, no identifier: a beacon carries the page,
 * how the visit began (common/attribution.ts, kept for the tab in sessionStorage) and, on a
 * form, which form.
 */
export const COLLECT_PATH = "/api/collect";

/** A public form on a page: the Free Analysis form, or a staff-built form by its slug. */
export type CountedForm = { kind: "lead" } | { kind: "answers"; slug: string };

/** The funnel steps the browser reports; "submitted" is counted by the server from the stored submissions. */
export const BROWSER_FUNNEL_STEPS = ["view", "start", "calculator"] as const;
export type BrowserFunnelStep = (typeof BROWSER_FUNNEL_STEPS)[number];

export type CollectEvent =
  | {
      type: "view";
      /** location.pathname */
      path: string;
      /** The visit's landing page (path and query), from the first touch. */
      landing: string | null;
      /** The site that sent the visit (full URL; the server keeps its host only). */
      referrer: string | null;
      /** The public forms on the page (each counts as "form viewed"). */
      forms: CountedForm[];
      /** A site search on this page that found nothing. */
      searchMiss?: string;
    }
  | { type: "start" | "calculator"; form: CountedForm };

/** The periods the dashboard's "Visitors" section shows, in Arizona days up to today. */
export const VISITOR_RANGES = [7, 30, 90] as const;
export type VisitorRange = (typeof VISITOR_RANGES)[number];
