import { isbot } from "isbot";
import { FREE_ANALYSIS_SLUG } from "@common/forms";
import type { CountedForm } from "@common/analytics";

/**
 * What one counted page view keeps (decision 0044), cut down from what the beacon sent: the
 * path without its query, the landing page's path, the referring site's host, the UTM tags of
 * the landing page and, elsewhere, the device class. Pure: the unit tests read it whole.
 */

export const VISIT_LIMITS = { path: 200, host: 100, utm: 100, searchQuery: 100 } as const;

export interface VisitDimensions {
  path: string;
  landingPage: string;
  referrerHost: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
}

/** Robots, crawlers, previews, headless browsers and scripts are not visitors; an empty user agent neither. */
export function isBotUserAgent(ua: string | null | undefined): boolean {
  return !ua?.trim() || isbot(ua);
}

/** Sec-GPC: 1 or DNT: 1: the visit is counted, without a visitor hash. */
export function asksNotToBeTracked(headers: Record<string, string | string[] | undefined>): boolean {
  const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() === "1";
  return one(headers["sec-gpc"]) || one(headers.dnt);
}

/** A page path as counted: the path alone (no query, no fragment), without a trailing slash; null when not a site path. */
export function countedPath(raw: string | null | undefined): string | null {
  if (typeof raw !== "string" || !raw.startsWith("/") || raw.startsWith("//")) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\s\\]/.test(raw)) return null;
  const path = raw.split(/[?#]/, 1)[0]!;
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return (trimmed || "/").slice(0, VISIT_LIMITS.path);
}

/** The host of the site that sent the visit, without "www."; '' when none, unreadable or this site itself. */
export function referrerHost(referrer: string | null | undefined, ownHost?: string): string {
  if (!referrer) return "";
  try {
    const url = new URL(referrer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return "";
    const host = url.hostname.toLowerCase().replace(/^www\./, "");
    if (
      ownHost &&
      host ===
        ownHost
          .toLowerCase()
          .replace(/^www\./, "")
          .replace(/:\d+$/, "")
    )
      return "";
    return host.slice(0, VISIT_LIMITS.host);
  } catch {
    return "";
  }
}

/** One UTM value: trimmed, lower-cased, whitespace collapsed, cut to 100 characters; '' when absent. */
export function utmValue(value: string | null | undefined): string {
  return (value ?? "").trim().replace(/\s+/g, " ").toLowerCase().slice(0, VISIT_LIMITS.utm);
}

/** The UTM tags of a landing page (path and query as the first touch kept it). */
export function utmOf(
  landing: string | null | undefined,
): Pick<VisitDimensions, "utmSource" | "utmMedium" | "utmCampaign"> {
  let params: URLSearchParams;
  try {
    params = new URL(landing ?? "/", "http://site.invalid").searchParams;
  } catch {
    params = new URLSearchParams();
  }
  return {
    utmSource: utmValue(params.get("utm_source")),
    utmMedium: utmValue(params.get("utm_medium")),
    utmCampaign: utmValue(params.get("utm_campaign")),
  };
}

/** Everything one view keeps but the device, from what the beacon sent. Null when the path is not a site path. */
export function visitDimensions(
  sent: { path: string; landing: string | null; referrer: string | null },
  ownHost?: string,
): VisitDimensions | null {
  const path = countedPath(sent.path);
  if (!path) return null;
  return {
    path,
    landingPage: countedPath(sent.landing) ?? "",
    referrerHost: referrerHost(sent.referrer, ownHost),
    ...utmOf(sent.landing),
  };
}

/**
 * The traffic source a visit, a submission or a contact is reported under: its UTM source
 * when tagged, else the referring host, else "(direct)". Views and contacts meet on it.
 */
export function trafficSource(utmSource: string | null | undefined, referrer: string | null | undefined): string {
  const utm = utmValue(utmSource);
  if (utm) return utm;
  const host =
    referrer && !referrer.includes("/") ? referrer.toLowerCase().replace(/^www\./, "") : referrerHost(referrer);
  return host || DIRECT;
}

export const DIRECT = "(direct)";

/** A search query as counted: trimmed, lower-cased, whitespace collapsed, 100 characters at most; null when empty. */
export function searchQuery(raw: string | null | undefined): string | null {
  const q = (raw ?? "").trim().replace(/\s+/g, " ").toLowerCase().slice(0, VISIT_LIMITS.searchQuery);
  return q || null;
}

/** The key a form's funnel is counted under: the Free Analysis form's slug, or the staff-built form's. */
export function formKey(form: CountedForm): string {
  return form.kind === "lead" ? FREE_ANALYSIS_SLUG : form.slug;
}
