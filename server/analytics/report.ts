import { sql } from "kysely";
import { VISITOR_RANGES, type VisitorRange } from "@common/analytics";
import { addDays, arizonaDate, arizonaDayStart } from "@common/arizona";
import type { DB } from "../db";
import { contactOutcomesInPeriod, submittedInPeriod } from "./outcomes";
import { trafficSource, utmValue } from "./visit";

/**
 * The dashboard's "Visitors" section (decision 0044): the hourly aggregates of the last 7, 30
 * or 90 Arizona days, summed, with the submissions and contacts of the same days joined by
 * source (outcomes.ts). Rates are basis points (1 % = 100), null when there were no visitors.
 */

export { VISITOR_RANGES, type VisitorRange };

export interface VisitorReport {
  days: VisitorRange;
  from: string;
  to: string;
  totals: { views: number; visitors: number; privateViews: number; submissions: number; customers: number };
  perDay: Array<{ date: string; views: number; visitors: number }>;
  pages: Array<{ path: string; views: number; visitors: number }>;
  referrers: Array<{ host: string; views: number; visitors: number }>;
  campaigns: Array<{
    source: string;
    medium: string;
    campaign: string;
    views: number;
    visitors: number;
    submissions: number;
    submissionRateBp: number | null;
  }>;
  sources: Array<{
    source: string;
    views: number;
    visitors: number;
    submissions: number;
    submissionRateBp: number | null;
    contacts: number;
    contacted: number;
    customers: number;
    customerRateBp: number | null;
  }>;
  funnel: Array<{ form: string; views: number; starts: number; calculator: number; submissions: number }>;
  devices: Array<{ device: string; views: number; visitors: number }>;
  searchMisses: Array<{ query: string; searches: number }>;
}

const rate = (count: number, of: number) => (of > 0 ? Math.round((count * 10_000) / of) : null);
const n = (value: unknown) => Number(value ?? 0);
const byViews = <T extends { views: number }>(a: T, b: T) => b.views - a.views;

export async function visitorReport(db: DB, days: VisitorRange, now = new Date()): Promise<VisitorReport> {
  const to = arizonaDate(now);
  const from = addDays(to, -(days - 1));
  const fromInstant = arizonaDayStart(from);
  const toInstant = arizonaDayStart(addDays(to, 1));
  const fromHour = fromInstant.slice(0, 13);
  const toHour = toInstant.slice(0, 13);
  const hours = db.selectFrom("analytics_page_hours").where("hour", ">=", fromHour).where("hour", "<", toHour);
  const sum = (column: "views" | "visitors" | "page_visitors" | "source_visitors" | "private_views") =>
    sql<number>`sum(${sql.ref(column)})`;

  const [perHour, pages, sources, devices, steps, misses, submitted, contacts] = await Promise.all([
    hours
      .select(["hour", sum("views").as("views"), sum("visitors").as("visitors"), sum("private_views").as("private")])
      .groupBy("hour")
      .execute(),
    hours
      .select(["path", sum("views").as("views"), sum("page_visitors").as("visitors")])
      .groupBy("path")
      .execute(),
    hours
      .select([
        "referrer_host",
        "utm_source",
        "utm_medium",
        "utm_campaign",
        sum("views").as("views"),
        sum("source_visitors").as("visitors"),
      ])
      .groupBy(["referrer_host", "utm_source", "utm_medium", "utm_campaign"])
      .execute(),
    hours
      .select(["device", sum("views").as("views"), sum("visitors").as("visitors")])
      .groupBy("device")
      .execute(),
    db
      .selectFrom("analytics_form_hours")
      .select(["form", "step", sql<number>`sum(count)`.as("n")])
      .where("hour", ">=", fromHour)
      .where("hour", "<", toHour)
      .groupBy(["form", "step"])
      .execute(),
    db
      .selectFrom("analytics_search_misses")
      .select(["query", sql<number>`sum(count)`.as("n")])
      .where("hour", ">=", fromHour)
      .where("hour", "<", toHour)
      .groupBy("query")
      .execute(),
    submittedInPeriod(db, fromInstant, toInstant),
    contactOutcomesInPeriod(db, fromInstant, toInstant),
  ]);

  // Days: hours folded into Arizona dates (UTC-7 all year, so every hour belongs to one day).
  const perDay = Array.from({ length: days }, (_, i) => ({ date: addDays(from, i), views: 0, visitors: 0 }));
  const day = new Map(perDay.map((d) => [d.date, d]));
  let privateViews = 0;
  for (const row of perHour) {
    const bucket = day.get(arizonaDate(`${row.hour}:00:00.000Z`));
    if (bucket) {
      bucket.views += n(row.views);
      bucket.visitors += n(row.visitors);
    }
    privateViews += n(row.private);
  }

  // Referrers, campaigns and sources from one grouping.
  const referrers = new Map<string, { host: string; views: number; visitors: number }>();
  const campaigns = new Map<string, VisitorReport["campaigns"][number]>();
  const bySource = new Map<string, VisitorReport["sources"][number]>();
  const sourceRow = (source: string) => {
    let row = bySource.get(source);
    if (!row) {
      row = {
        source,
        views: 0,
        visitors: 0,
        submissions: 0,
        submissionRateBp: null,
        contacts: 0,
        contacted: 0,
        customers: 0,
        customerRateBp: null,
      };
      bySource.set(source, row);
    }
    return row;
  };
  const campaignKey = (s: string, m: string, c: string) => `${s}\u0000${m}\u0000${c}`;
  for (const row of sources) {
    const views = n(row.views);
    const visitors = n(row.visitors);
    if (row.referrer_host) {
      const r = referrers.get(row.referrer_host) ?? { host: row.referrer_host, views: 0, visitors: 0 };
      r.views += views;
      r.visitors += visitors;
      referrers.set(row.referrer_host, r);
    }
    if (row.utm_source || row.utm_medium || row.utm_campaign) {
      const key = campaignKey(row.utm_source, row.utm_medium, row.utm_campaign);
      const c = campaigns.get(key) ?? {
        source: row.utm_source,
        medium: row.utm_medium,
        campaign: row.utm_campaign,
        views: 0,
        visitors: 0,
        submissions: 0,
        submissionRateBp: null,
      };
      c.views += views;
      c.visitors += visitors;
      campaigns.set(key, c);
    }
    const s = sourceRow(trafficSource(row.utm_source, row.referrer_host));
    s.views += views;
    s.visitors += visitors;
  }

  const funnel = new Map<string, VisitorReport["funnel"][number]>();
  const funnelRow = (form: string) => {
    let row = funnel.get(form);
    if (!row) funnel.set(form, (row = { form, views: 0, starts: 0, calculator: 0, submissions: 0 }));
    return row;
  };
  for (const s of steps) {
    const row = funnelRow(s.form);
    if (s.step === "view") row.views += n(s.n);
    else if (s.step === "start") row.starts += n(s.n);
    else if (s.step === "calculator") row.calculator += n(s.n);
  }

  let submissions = 0;
  for (const s of submitted) {
    submissions += s.submissions;
    if (s.form) funnelRow(s.form).submissions += s.submissions;
    sourceRow(trafficSource(s.utmSource, s.referrer)).submissions += s.submissions;
    const [source, medium, campaign] = [utmValue(s.utmSource), utmValue(s.utmMedium), utmValue(s.utmCampaign)];
    if (source || medium || campaign) {
      const c = campaigns.get(campaignKey(source, medium, campaign));
      if (c) c.submissions += s.submissions;
      else
        campaigns.set(campaignKey(source, medium, campaign), {
          source,
          medium,
          campaign,
          views: 0,
          visitors: 0,
          submissions: s.submissions,
          submissionRateBp: null,
        });
    }
  }
  let customers = 0;
  for (const c of contacts) {
    customers += c.customers;
    const row = sourceRow(trafficSource(c.utmSource, c.referrer));
    row.contacts += c.contacts;
    row.contacted += c.contacted;
    row.customers += c.customers;
  }
  for (const c of campaigns.values()) c.submissionRateBp = rate(c.submissions, c.visitors);
  for (const s of bySource.values()) {
    s.submissionRateBp = rate(s.submissions, s.visitors);
    s.customerRateBp = rate(s.customers, s.visitors);
  }

  return {
    days,
    from,
    to,
    totals: {
      views: perDay.reduce((t, d) => t + d.views, 0),
      visitors: perDay.reduce((t, d) => t + d.visitors, 0),
      privateViews,
      submissions,
      customers,
    },
    perDay,
    pages: pages.map((p) => ({ path: p.path, views: n(p.views), visitors: n(p.visitors) })).sort(byViews),
    referrers: [...referrers.values()].sort(byViews),
    campaigns: [...campaigns.values()].sort((a, b) => b.views - a.views || b.submissions - a.submissions),
    sources: [...bySource.values()].sort((a, b) => b.visitors - a.visitors || b.submissions - a.submissions),
    funnel: [...funnel.values()].sort(byViews),
    devices: devices.map((d) => ({ device: d.device, views: n(d.views), visitors: n(d.visitors) })).sort(byViews),
    searchMisses: misses
      .map((m) => ({ query: m.query, searches: n(m.n) }))
      .sort((a, b) => b.searches - a.searches || a.query.localeCompare(b.query)),
  };
}
