import { useQuery } from "@tanstack/react-query";
import { FilePlus2, BookPlus, Users } from "lucide-react";
import { lazy, Suspense, type ReactNode } from "react";
import { Link } from "react-router";
import { CONTACT_STATUS_LABELS } from "@common/contacts";
import type { DashboardResponse } from "@server/dashboard/api";
import { StatusBadge } from "~/components/admin/contacts/status";
import { ProposalsTile } from "~/components/admin/proposals/proposals-tile";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ListSkeleton, Skeleton } from "~/components/ui/skeleton";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { failureMessage } from "~/components/ui/use-result-feedback";
import { formatDate, formatDateTime } from "~/lib/dates";
import { dashboardKeys } from "~/lib/query-keys";
import { ResponseTimes } from "./response-times";
import { VisitorsSection } from "./visitors";

/** The chart and uPlot load only when the dashboard has its figures (never on a public page). */
const LeadsChart = lazy(() => import("./leads-chart"));

const SERIES = [
  { key: "contact", label: "Contact form", swatch: "bg-brand-600" },
  { key: "calculator", label: "Savings calculator", swatch: "bg-accent-600" },
  { key: "other", label: "Other forms and manual", swatch: "bg-amber-700" },
] as const;

const shortDate = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** /admin: new leads, the 30-day chart, the pipeline, what needs attention and recent activity. */
export function Dashboard() {
  // Fetched again on every visit: response times and waiting leads move with every staff action.
  const data = useQuery<DashboardResponse>({ queryKey: dashboardKeys.all, refetchOnMount: "always" });
  return (
    <div className="grid grid-cols-1 gap-6">
      <QuickActions />
      {data.isPending ? (
        <ListSkeleton label="Loading the dashboard..." rows={6} />
      ) : data.isError ? (
        <Alert variant="error">{failureMessage(data.error)}</Alert>
      ) : (
        <Figures data={data.data} />
      )}
      <VisitorsSection />
    </div>
  );
}

function QuickActions() {
  return (
    <nav aria-label="Quick actions" className="flex flex-wrap gap-3">
      <Button asChild variant="secondary">
        <Link to="/admin/contacts">
          <Users className="size-4" aria-hidden />
          View leads
        </Link>
      </Button>
      <Button asChild variant="outline">
        <Link to="/admin/blog-posts/new">
          <FilePlus2 className="size-4" aria-hidden />
          New post
        </Link>
      </Button>
      <Button asChild variant="outline">
        <Link to="/admin/help-guides/new">
          <BookPlus className="size-4" aria-hidden />
          New guide
        </Link>
      </Button>
    </nav>
  );
}

function Stat({ label, value, href }: { label: string; value: number; href: string }) {
  return (
    <Link to={href} className="rounded-lg border border-border bg-card p-3 hover:bg-muted sm:p-5">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="mt-1 text-2xl font-bold text-foreground sm:text-3xl">{value.toLocaleString("en-US")}</p>
    </Link>
  );
}

function Figures({ data }: { data: DashboardResponse }) {
  const day = (offset: number) => data.perDay[data.perDay.length - 1 + offset]?.date ?? data.today;
  const list = (from: string) => `/admin/contacts?from=${from}&to=${data.today}`;
  return (
    <>
      <section aria-label="New leads" className="grid grid-cols-3 gap-3 sm:gap-4">
        <Stat label="New leads today" value={data.counts.today} href={list(data.today)} />
        <Stat label="Last 7 days" value={data.counts.week} href={list(day(-6))} />
        <Stat label="Last 30 days" value={data.counts.month} href={list(day(-29))} />
      </section>
      <ResponseTimes data={data.responses} />
      <Card title="Leads per day" description="The last 30 days (Arizona time), by where they came from.">
        <ul className="mt-3 flex flex-wrap gap-4 text-sm text-foreground" aria-label="Chart legend">
          {SERIES.map((s) => (
            <li key={s.key} className="flex items-center gap-2">
              <span className={`inline-block size-3 rounded-sm ${s.swatch}`} aria-hidden />
              {s.label}
            </li>
          ))}
        </ul>
        <div className="mt-4 min-h-60">
          <Suspense fallback={<Skeleton className="h-60 w-full" />}>
            <LeadsChart days={data.perDay} />
          </Suspense>
        </div>
        <details className="mt-4 text-sm">
          <summary className="cursor-pointer font-medium text-link">Show the figures as a table</summary>
          <Table className="mt-2">
            <TableCaption className="sr-only">Leads per day, last 30 days</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>Day</TableHead>
                {SERIES.map((s) => (
                  <TableHead key={s.key}>{s.label}</TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.perDay.map((d) => (
                <TableRow key={d.date}>
                  <TableCell>{shortDate.format(new Date(`${d.date}T00:00:00Z`))}</TableCell>
                  <TableCell>{d.contact}</TableCell>
                  <TableCell>{d.calculator}</TableCell>
                  <TableCell>{d.other}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </details>
      </Card>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card title="Newest leads">
          {data.newest.length ? (
            <ul className="mt-4 grid gap-3">
              {data.newest.map((c) => (
                <li key={c.id} className="flex flex-wrap items-center justify-between gap-2">
                  <div className="min-w-0">
                    <Link
                      to={`/admin/contacts/${encodeURIComponent(c.id)}`}
                      className="font-medium text-link underline"
                    >
                      {c.name}
                    </Link>
                    <p className="text-sm text-muted-foreground">
                      {c.businessName || "—"} · {formatDateTime(c.createdAt)}
                    </p>
                  </div>
                  <StatusBadge status={c.status} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-4 text-sm text-muted-foreground">No leads yet.</p>
          )}
        </Card>
        <Card title="Leads by status">
          <ul className="mt-4 grid gap-2">
            {data.byStatus.map((s) => (
              <li key={s.status} className="flex items-center justify-between gap-2">
                <Link to={`/admin/contacts?status=${s.status}`} className="text-link underline">
                  {CONTACT_STATUS_LABELS[s.status]}
                </Link>
                <span className="font-semibold text-foreground">{s.count.toLocaleString("en-US")}</span>
              </li>
            ))}
          </ul>
        </Card>
        <ProposalsTile />
        <Attention data={data} />
        <Card title="Notifications that failed">
          {data.failedNotifications.total ? (
            <>
              <p className="mt-2 text-sm text-muted-foreground">
                {data.failedNotifications.total} lead e-mails to staff could not be sent. Open one to send it again.
              </p>
              <ul className="mt-3 grid gap-2 text-sm">
                {data.failedNotifications.rows.map((f) => (
                  <li key={f.submissionId}>
                    <FailedNotificationLink row={f} />{" "}
                    <span className="text-muted-foreground">· {formatDateTime(f.createdAt)}</span>
                    {f.error ? <p className="break-words text-muted-foreground">{f.error}</p> : null}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className="mt-4 text-sm text-muted-foreground">Every lead notification was sent.</p>
          )}
        </Card>
      </div>
      {data.activity ? <RecentActivity rows={data.activity} /> : null}
    </>
  );
}

function Attention({ data }: { data: DashboardResponse }) {
  const href = (kind: "post" | "guide", id: string) =>
    `/admin/${kind === "post" ? "blog-posts" : "help-guides"}/${encodeURIComponent(id)}`;
  const item = (key: string, link: string, title: string, extra: ReactNode) => (
    <li key={key}>
      <Link to={link} className="text-link underline">
        {title}
      </Link>{" "}
      <span className="text-muted-foreground">· {extra}</span>
    </li>
  );
  const { content } = data;
  return (
    <Card title="Content needing attention">
      <p className="mt-2 text-sm text-muted-foreground">
        {content.drafts
          ? `${content.drafts} ${content.drafts === 1 ? "draft" : "drafts"} not published.`
          : "No drafts."}
      </p>
      {content.recentDrafts.length ? (
        <ul className="mt-2 grid gap-1 text-sm">
          {content.recentDrafts.map((d) =>
            item(`d-${d.id}`, href(d.kind, d.id), d.title, `${d.kind} draft, edited ${formatDate(d.updatedAt)}`),
          )}
        </ul>
      ) : null}
      <h3 className="mt-4 text-sm font-semibold text-foreground">Next scheduled</h3>
      {content.scheduled.length ? (
        <ul className="mt-2 grid gap-1 text-sm">
          {content.scheduled.map((d) =>
            item(`s-${d.id}`, href(d.kind, d.id), d.title, `${d.kind}, ${formatDateTime(d.publishAt)}`),
          )}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-muted-foreground">Nothing scheduled.</p>
      )}
    </Card>
  );
}

function RecentActivity({ rows }: { rows: NonNullable<DashboardResponse["activity"]> }) {
  return (
    <Card
      title="Recent activity"
      actions={
        <Link to="/admin/users" className="text-sm text-link underline">
          Full audit log
        </Link>
      }
    >
      {rows.length ? (
        <ul className="mt-4 grid gap-2 text-sm">
          {rows.map((r) => (
            <li key={r.id} className="flex flex-wrap justify-between gap-x-4">
              <span className="text-foreground">
                {r.label}
                {r.actorEmail ? <span className="text-muted-foreground"> · {r.actorEmail}</span> : null}
              </span>
              <span className="text-muted-foreground">{formatDateTime(r.createdAt)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-muted-foreground">Nothing recorded yet.</p>
      )}
    </Card>
  );
}

/** A failed notification opens its submission (where "send again" is), or its contact when it has no form. */
function FailedNotificationLink({ row }: { row: DashboardResponse["failedNotifications"]["rows"][number] }) {
  const href = row.formId
    ? `/admin/forms/${encodeURIComponent(row.formId)}/submissions/${encodeURIComponent(row.submissionId)}`
    : row.contactId
      ? `/admin/contacts/${encodeURIComponent(row.contactId)}`
      : null;
  if (!href) return <span className="text-foreground">{row.name}</span>;
  return (
    <Link to={href} className="text-link underline">
      {row.name}
    </Link>
  );
}
