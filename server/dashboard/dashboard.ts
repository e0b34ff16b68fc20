import { sql } from "kysely";
import { addDays, arizonaDate, arizonaDayStart } from "@common/arizona";
import type { ContactStatus } from "@common/contacts";
import { CONTACT_STATUSES } from "@common/contacts";
import { auditActionLabels, listAudit } from "../audit/audit";
import type { DB } from "../db";
import { isPostgres } from "../db/dialect";
import { failedSubmissionNotifications } from "../forms/inbox";
import { responseTimes, type ResponseTimes } from "../forms/response-stats";

/**
 * The /admin dashboard's figures. A lead is a new contact (one person or business; spam
 * never becomes one), counted by the Arizona day it arrived. Every query reads an index:
 * contacts(created_at), contacts(status, …), submissions(notify_status), the
 * articles' (status, published_at) and audit_log(created_at).
 */

export type LeadSourceGroup = "contact" | "calculator" | "other";

export interface DashboardData {
  today: string;
  counts: { today: number; week: number; month: number };
  /** The last 30 Arizona days, oldest first, split by source. */
  perDay: Array<{ date: string } & Record<LeadSourceGroup, number>>;
  byStatus: Array<{ status: ContactStatus; count: number }>;
  /** First-response times in business minutes and the leads waiting past the target (decision 0048). */
  responses: ResponseTimes;
  newest: Array<{ id: string; name: string; businessName: string; status: ContactStatus; createdAt: string }>;
  content: {
    drafts: number;
    recentDrafts: Array<{ kind: "post" | "guide"; id: string; title: string; updatedAt: string }>;
    scheduled: Array<{ kind: "post" | "guide"; id: string; title: string; publishAt: string }>;
  };
  failedNotifications: {
    total: number;
    rows: Array<{
      submissionId: string;
      /** Its form: staff open /admin/forms/:formId/submissions/:submissionId to send it again. */
      formId: string;
      contactId: string | null;
      name: string;
      createdAt: string;
      error: string | null;
    }>;
  };
  /** Null for staff without the audit permission. */
  activity: Array<{
    id: string;
    createdAt: string;
    label: string;
    actorEmail: string | null;
    target: string | null;
  }> | null;
}

export function sourceGroup(source: string): LeadSourceGroup {
  return source === "contact" || source === "calculator" ? source : "other";
}

export async function dashboardData(db: DB, options: { withAudit: boolean; now?: Date }): Promise<DashboardData> {
  const today = arizonaDate(options.now ?? new Date());
  const monthStart = addDays(today, -29);
  const since = (date: string) =>
    db
      .selectFrom("contacts")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("created_at", ">=", arizonaDayStart(date))
      .executeTakeFirst()
      .then((r) => Number(r?.n ?? 0));
  const day = isPostgres(db)
    ? sql<string>`to_char(created_at at time zone 'America/Phoenix', 'YYYY-MM-DD')`
    : sql<string>`substr(datetime(created_at, '-7 hours'), 1, 10)`;

  const [todayCount, week, month, perDayRows, statusRows, newest, content, failed, activity, responses] =
    await Promise.all([
      since(today),
      since(addDays(today, -6)),
      since(monthStart),
      db
        .selectFrom("contacts")
        .select([day.as("day"), "source", (eb) => eb.fn.countAll<number>().as("n")])
        .where("created_at", ">=", arizonaDayStart(monthStart))
        .groupBy([day, "source"])
        .execute(),
      db
        .selectFrom("contacts")
        .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
        .groupBy("status")
        .execute(),
      db
        .selectFrom("contacts")
        .select(["id", "name", "business_name", "status", "created_at"])
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(5)
        .execute(),
      contentNeedingAttention(db),
      failedNotifications(db),
      options.withAudit ? listAudit(db, { limit: 8 }) : Promise.resolve(null),
      responseTimes(db, options.now),
    ]);

  const perDay = Array.from({ length: 30 }, (_, i) => ({
    date: addDays(monthStart, i),
    contact: 0,
    calculator: 0,
    other: 0,
  }));
  const byDate = new Map(perDay.map((d) => [d.date, d]));
  for (const row of perDayRows) {
    const bucket = byDate.get(row.day);
    if (bucket) bucket[sourceGroup(row.source)] += Number(row.n);
  }
  const counted = new Map(statusRows.map((r) => [r.status, Number(r.n)]));

  return {
    today,
    counts: { today: todayCount, week, month },
    perDay,
    byStatus: CONTACT_STATUSES.map((status) => ({ status, count: counted.get(status) ?? 0 })),
    responses,
    newest: newest.map((r) => ({
      id: r.id,
      name: r.name,
      businessName: r.business_name,
      status: r.status,
      createdAt: r.created_at,
    })),
    content,
    failedNotifications: failed,
    activity: activity
      ? activity.rows.map((r) => ({
          id: r.id,
          createdAt: r.createdAt,
          label: auditActionLabels[r.action] ?? r.action,
          actorEmail: r.actorEmail,
          target: r.target,
        }))
      : null,
  };
}

async function contentNeedingAttention(db: DB): Promise<DashboardData["content"]> {
  const tables = [
    ["blog_posts", "post"],
    ["help_guides", "guide"],
  ] as const;
  const results = await Promise.all(
    tables.map(async ([table, kind]) => {
      const [count, drafts, scheduled] = await Promise.all([
        db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("status", "=", "draft")
          .executeTakeFirst(),
        db
          .selectFrom(table)
          .select(["id", "title", "updated_at"])
          .where("status", "=", "draft")
          .orderBy("updated_at", "desc")
          .limit(5)
          .execute(),
        db
          .selectFrom(table)
          .select(["id", "title", "published_at"])
          .where("status", "=", "scheduled")
          .orderBy("published_at", "asc")
          .limit(5)
          .execute(),
      ]);
      return {
        count: Number(count?.n ?? 0),
        drafts: drafts.map((d) => ({ kind, id: d.id, title: d.title, updatedAt: d.updated_at })),
        scheduled: scheduled.map((d) => ({ kind, id: d.id, title: d.title, publishAt: d.published_at ?? "" })),
      };
    }),
  );
  return {
    drafts: results.reduce((sum, r) => sum + r.count, 0),
    recentDrafts: results
      .flatMap((r) => r.drafts)
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
      .slice(0, 5),
    scheduled: results
      .flatMap((r) => r.scheduled)
      .sort((a, b) => a.publishAt.localeCompare(b.publishAt))
      .slice(0, 5),
  };
}

async function failedNotifications(db: DB): Promise<DashboardData["failedNotifications"]> {
  const { total, rows } = await failedSubmissionNotifications(db, 5);
  return { total, rows };
}
