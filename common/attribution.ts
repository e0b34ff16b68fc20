/**
 * First-touch attribution: the page a visit landed on, the site that sent it there and the
 * UTM tags of that landing URL. The browser records them on the visit's first page view
 * (app/enhance/first-touch.ts) and the public forms post them in hidden inputs; a form posted
 * without them (no JavaScript) is attributed to the form page's own URL, read from the
 * post's Referer (server/forms/pipeline.ts). Never rendered by the server: public pages are
 * cached and shared by every visitor (decision 0016). Pure, and tiny: it is on every public
 * page's first load.
 */

/** The hidden inputs' names (no form field key can take them: keys start with a letter). */
export const ATTRIBUTION_INPUTS = {
  landingPage: "_landing",
  referrer: "_referrer",
  utmSource: "_utm_source",
  utmMedium: "_utm_medium",
  utmCampaign: "_utm_campaign",
} as const;

export type AttributionKey = keyof typeof ATTRIBUTION_INPUTS;
/** How the visitor came (null where unknown). */
export type Attribution = Record<AttributionKey, string | null>;

const LIMITS: Record<AttributionKey, number> = {
  landingPage: 500,
  referrer: 500,
  utmSource: 100,
  utmMedium: 100,
  utmCampaign: 100,
};

const cut = (key: AttributionKey, value: string | null | undefined) => {
  const v = value?.trim();
  return v ? v.slice(0, LIMITS[key]) : null;
};

/**
 * The attribution of a visit that landed on `page`: its path and query, its UTM tags and
 * the referrer when it is another site (a link within the site says nothing about how the
 * visit began).
 */
export function attributionOf(page: URL, referrer: string | null): Attribution {
  let external: string | null = null;
  try {
    if (referrer && new URL(referrer).host !== page.host) external = referrer;
  } catch {
    external = null;
  }
  const q = page.searchParams;
  return {
    landingPage: cut("landingPage", `${page.pathname}${page.search}`),
    referrer: cut("referrer", external),
    utmSource: cut("utmSource", q.get("utm_source")),
    utmMedium: cut("utmMedium", q.get("utm_medium")),
    utmCampaign: cut("utmCampaign", q.get("utm_campaign")),
  };
}

/** The attribution a form post carries in its hidden inputs, or null when it has none. */
export function postedAttribution(form: FormData): Attribution | null {
  const out = {} as Attribution;
  let any = false;
  for (const key of Object.keys(ATTRIBUTION_INPUTS) as AttributionKey[]) {
    const value = form.get(ATTRIBUTION_INPUTS[key]);
    out[key] = cut(key, typeof value === "string" ? value : null);
    any ||= out[key] !== null;
  }
  return any ? out : null;
}
