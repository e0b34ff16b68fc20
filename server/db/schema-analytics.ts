/**
 * The tables of server/analytics (decision 0044, migration 0052), beside schema.ts so that
 * file stays one page of the core tables.
 */

/**
 * Page views of one UTC hour ("2026-12-01T15") for one combination of what is kept per view
 * ('' where unknown). `visitors`: visitors counted for the first time that day on the site;
 * `page_visitors`: on this path; `source_visitors`: from this referrer and campaign;
 * `private_views`: views sent with Sec-GPC or DNT, counted without a visitor (server/analytics).
 */
export interface AnalyticsPageHoursTable {
  hour: string;
  path: string;
  landing_page: string;
  referrer_host: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  device: string;
  views: number;
  private_views: number;
  visitors: number;
  page_visitors: number;
  source_visitors: number;
}

/** The browser steps of a form's funnel per hour: "view", "start", "calculator". */
export interface AnalyticsFormHoursTable {
  hour: string;
  form: string;
  step: string;
  count: number;
}

/** Site searches (/resources/search) that found nothing, per hour and normalised query. */
export interface AnalyticsSearchMissesTable {
  hour: string;
  query: string;
  count: number;
}

/** The visitor hash's salt of one Arizona day (hex); deleted once the day is over. */
export interface AnalyticsSaltsTable {
  day: string;
  salt: string;
}

/** A visitor hash already counted on `day` in `scope` ("s", "p:<path>", "r:<source>"); deleted with the day's salt. */
export interface AnalyticsVisitorDaysTable {
  day: string;
  scope: string;
  visitor_hash: string;
}

/** What Database gets from server/analytics. */
export interface AnalyticsTables {
  analytics_page_hours: AnalyticsPageHoursTable;
  analytics_form_hours: AnalyticsFormHoursTable;
  analytics_search_misses: AnalyticsSearchMissesTable;
  analytics_salts: AnalyticsSaltsTable;
  analytics_visitor_days: AnalyticsVisitorDaysTable;
}
