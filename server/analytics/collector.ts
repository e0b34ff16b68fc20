import type { BrowserFunnelStep } from "@common/analytics";
import type { DB } from "../db";
import type { DeviceClass } from "../http/user-agent";
import { log } from "../logger";
import type { VisitDimensions } from "./visit";

/**
 * Counts gathered by one instance for at most FLUSH_MS, then added to the shared hourly
 * aggregates in one transaction of upserts (decision 0044). What waits in memory is already
 * counted down to buckets: no event (and no address) is kept; a visitor hash waits only until
 * the flush asks the database whether it was counted today. A crash loses at most FLUSH_MS of
 * counts; a clean stop flushes.
 */

export const FLUSH_MS = 2_000;
/** Buckets or visitor checks waiting before a flush is started at once. */
const MAX_PENDING = 5_000;
/** Rows per statement (SQLite's and PostgreSQL's parameter limits are far above 13 × 200). */
const CHUNK = 200;

export interface CountedView extends VisitDimensions {
  hour: string;
  day: string;
  device: DeviceClass;
  /** Null when the visit asked not to be tracked (Sec-GPC, DNT): counted without a visitor. */
  visitorHash: string | null;
}

type VisitorColumn = "visitors" | "page_visitors" | "source_visitors";

interface ViewBucket {
  row: Omit<CountedView, "day" | "visitorHash">;
  views: number;
  privateViews: number;
  visitors: number;
  page_visitors: number;
  source_visitors: number;
}

interface VisitorCheck {
  day: string;
  scope: string;
  hash: string;
  bucket: string;
  column: VisitorColumn;
}

const viewKey = (v: Omit<CountedView, "day" | "visitorHash">) =>
  [v.hour, v.path, v.landingPage, v.referrerHost, v.utmSource, v.utmMedium, v.utmCampaign, v.device].join("\u0000");

/** The scope a source's visitors are counted in: the referrer and the three UTM tags (none holds a line break). */
export const sourceScope = (v: VisitDimensions) =>
  `r:${[v.referrerHost, v.utmSource, v.utmMedium, v.utmCampaign].join("\n")}`;

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

export class Collector {
  private views = new Map<string, ViewBucket>();
  private checks = new Map<string, VisitorCheck>();
  private steps = new Map<string, { hour: string; form: string; step: BrowserFunnelStep; count: number }>();
  private misses = new Map<string, { hour: string; query: string; count: number }>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly db: () => DB) {}

  countView(view: CountedView): void {
    const { day, visitorHash, ...row } = view;
    const key = viewKey(row);
    let bucket = this.views.get(key);
    if (!bucket) {
      bucket = { row, views: 0, privateViews: 0, visitors: 0, page_visitors: 0, source_visitors: 0 };
      this.views.set(key, bucket);
    }
    bucket.views += 1;
    if (!visitorHash) bucket.privateViews += 1;
    else {
      for (const [scope, column] of [
        ["s", "visitors"],
        [`p:${view.path}`, "page_visitors"],
        [sourceScope(view), "source_visitors"],
      ] as const) {
        const check = `${day}\u0000${scope}\u0000${visitorHash}`;
        // The first view of this visitor in this flush is the one the visitor is counted with.
        if (!this.checks.has(check)) this.checks.set(check, { day, scope, hash: visitorHash, bucket: key, column });
      }
    }
    this.scheduleFlush();
  }

  countStep(hour: string, form: string, step: BrowserFunnelStep): void {
    const key = `${hour}\u0000${form}\u0000${step}`;
    const entry = this.steps.get(key) ?? { hour, form, step, count: 0 };
    entry.count += 1;
    this.steps.set(key, entry);
    this.scheduleFlush();
  }

  countSearchMiss(hour: string, query: string): void {
    const key = `${hour}\u0000${query}`;
    const entry = this.misses.get(key) ?? { hour, query, count: 0 };
    entry.count += 1;
    this.misses.set(key, entry);
    this.scheduleFlush();
  }

  private scheduleFlush() {
    const pending = this.views.size + this.checks.size + this.steps.size + this.misses.size;
    if (pending >= MAX_PENDING) {
      void this.flush();
      return;
    }
    if (this.timer) return;
    this.timer = setTimeout(() => void this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  /** Writes what is pending (after any flush under way); resolves when it is in the database. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const views = this.views;
    const checks = this.checks;
    const steps = this.steps;
    const misses = this.misses;
    this.views = new Map();
    this.checks = new Map();
    this.steps = new Map();
    this.misses = new Map();
    this.flushing = this.flushing.then(async () => {
      if (!views.size && !steps.size && !misses.size) return;
      try {
        await this.write(views, checks, [...steps.values()], [...misses.values()]);
      } catch (err) {
        log.error("analytics: counts could not be written and are lost", {
          err,
          views: [...views.values()].reduce((n, b) => n + b.views, 0),
        });
      }
    });
    return this.flushing;
  }

  private async write(
    views: Map<string, ViewBucket>,
    checks: Map<string, VisitorCheck>,
    steps: Array<{ hour: string; form: string; step: string; count: number }>,
    misses: Array<{ hour: string; query: string; count: number }>,
  ) {
    // Rows in one order on every instance, so two flushes on PostgreSQL never wait on each other in a cycle.
    const sortedChecks = [...checks.values()].sort((a, b) =>
      `${a.day}${a.scope}${a.hash}`.localeCompare(`${b.day}${b.scope}${b.hash}`),
    );
    await this.db()
      .transaction()
      .execute(async (trx) => {
        for (const part of chunks(sortedChecks)) {
          const fresh = await trx
            .insertInto("analytics_visitor_days")
            .values(part.map((c) => ({ day: c.day, scope: c.scope, visitor_hash: c.hash })))
            .onConflict((oc) => oc.columns(["day", "scope", "visitor_hash"]).doNothing())
            .returning(["day", "scope", "visitor_hash"])
            .execute();
          for (const row of fresh) {
            const check = checks.get(`${row.day}\u0000${row.scope}\u0000${row.visitor_hash}`);
            const bucket = check && views.get(check.bucket);
            if (bucket) bucket[check.column] += 1;
          }
        }
        const rows = [...views.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([, b]) => ({
            hour: b.row.hour,
            path: b.row.path,
            landing_page: b.row.landingPage,
            referrer_host: b.row.referrerHost,
            utm_source: b.row.utmSource,
            utm_medium: b.row.utmMedium,
            utm_campaign: b.row.utmCampaign,
            device: b.row.device,
            views: b.views,
            private_views: b.privateViews,
            visitors: b.visitors,
            page_visitors: b.page_visitors,
            source_visitors: b.source_visitors,
          }));
        for (const part of chunks(rows)) {
          await trx
            .insertInto("analytics_page_hours")
            .values(part)
            .onConflict((oc) =>
              oc
                .columns([
                  "hour",
                  "path",
                  "landing_page",
                  "referrer_host",
                  "utm_source",
                  "utm_medium",
                  "utm_campaign",
                  "device",
                ])
                .doUpdateSet((eb) => ({
                  views: eb("analytics_page_hours.views", "+", eb.ref("excluded.views")),
                  private_views: eb("analytics_page_hours.private_views", "+", eb.ref("excluded.private_views")),
                  visitors: eb("analytics_page_hours.visitors", "+", eb.ref("excluded.visitors")),
                  page_visitors: eb("analytics_page_hours.page_visitors", "+", eb.ref("excluded.page_visitors")),
                  source_visitors: eb("analytics_page_hours.source_visitors", "+", eb.ref("excluded.source_visitors")),
                })),
            )
            .execute();
        }
        const sortedSteps = steps.sort((a, b) =>
          `${a.hour}${a.form}${a.step}`.localeCompare(`${b.hour}${b.form}${b.step}`),
        );
        for (const part of chunks(sortedSteps)) {
          await trx
            .insertInto("analytics_form_hours")
            .values(part)
            .onConflict((oc) =>
              oc
                .columns(["hour", "form", "step"])
                .doUpdateSet((eb) => ({ count: eb("analytics_form_hours.count", "+", eb.ref("excluded.count")) })),
            )
            .execute();
        }
        const sortedMisses = misses.sort((a, b) => `${a.hour}${a.query}`.localeCompare(`${b.hour}${b.query}`));
        for (const part of chunks(sortedMisses)) {
          await trx
            .insertInto("analytics_search_misses")
            .values(part)
            .onConflict((oc) =>
              oc
                .columns(["hour", "query"])
                .doUpdateSet((eb) => ({ count: eb("analytics_search_misses.count", "+", eb.ref("excluded.count")) })),
            )
            .execute();
        }
      });
  }
}
