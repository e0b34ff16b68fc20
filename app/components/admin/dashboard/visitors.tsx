import { useQuery } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { lazy, Suspense, useState, type ReactNode } from "react";
import { VISITOR_RANGES, type VisitorRange } from "@common/analytics";
import type { VisitorCsvTable, VisitorsResponse } from "@server/analytics/api";
import { Alert } from "~/components/ui/alert";
import { Card } from "~/components/ui/card";
import { ListSkeleton, Skeleton } from "~/components/ui/skeleton";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { failureMessage } from "~/components/ui/use-result-feedback";
import { dashboardKeys } from "~/lib/query-keys";

/** The chart and uPlot load only once the figures are here. */
const VisitorsChart = lazy(() => import("./visitors-chart"));

const SWATCHES = [
  { label: "Page views", swatch: "bg-brand-600" },
  { label: "Visitors", swatch: "bg-accent-600" },
] as const;

const shortDate = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const count = (n: number) => n.toLocaleString("en-US");
const percent = (bp: number | null) => (bp === null ? "—" : `${(bp / 100).toFixed(1)} %`);

/**
 * The dashboard's "Visitors" section (decision 0044): views and visitors over 7, 30 or 90
 * days, where they came from and what became of them, counted without cookies.
 */
export function VisitorsSection() {
  const [days, setDays] = useState<VisitorRange>(30);
  return (
    <Card
      title="Visitors"
      description="Counted without cookies: a visitor is a browser seen on one day; views from browsers asking not to be tracked count without a visitor."
    >
      <Tabs value={String(days)} onValueChange={(value) => setDays(Number(value) as VisitorRange)} className="mt-4">
        <TabsList aria-label="Period">
          {VISITOR_RANGES.map((d) => (
            <TabsTrigger key={d} value={String(d)}>
              Last {d} days
            </TabsTrigger>
          ))}
        </TabsList>
        {VISITOR_RANGES.map((d) => (
          <TabsContent key={d} value={String(d)}>
            <VisitorFigures days={d} />
          </TabsContent>
        ))}
      </Tabs>
    </Card>
  );
}

function VisitorFigures({ days }: { days: VisitorRange }) {
  const query = useQuery<VisitorsResponse>({ queryKey: dashboardKeys.visitors(days) });
  if (query.isPending) return <ListSkeleton label="Loading the visitor figures..." rows={4} />;
  if (query.isError) return <Alert variant="error">{failureMessage(query.error)}</Alert>;
  const data = query.data;
  const csv = (table: VisitorCsvTable) =>
    `${dashboardKeys.visitors(days).slice(0, -1).join("/")}/${table}.csv?days=${days}`;
  return (
    <div className="grid grid-cols-1 gap-6">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label="Page views" value={data.totals.views} />
        <Figure label="Visitors" value={data.totals.visitors} />
        <Figure label="Submissions" value={data.totals.submissions} />
        <Figure label="New customers" value={data.totals.customers} />
      </dl>
      {data.totals.privateViews ? (
        <p className="text-sm text-muted-foreground">
          {count(data.totals.privateViews)} of the views came from browsers that ask not to be tracked (Global Privacy
          Control or Do Not Track): counted as views, never as visitors.
        </p>
      ) : null}
      <DailyChart data={data} csv={csv("perDay")} />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <ReportTable
          title="Top pages"
          csv={csv("pages")}
          rows={data.pages}
          empty="No page views yet."
          columns={[
            { header: "Page", cell: (r) => <span className="break-all">{r.path}</span> },
            { header: "Views", cell: (r) => count(r.views), numeric: true },
            { header: "Visitors", cell: (r) => count(r.visitors), numeric: true },
          ]}
        />
        <ReportTable
          title="Top referrers"
          csv={csv("referrers")}
          rows={data.referrers}
          empty="No visits from other sites yet."
          columns={[
            { header: "Site", cell: (r) => <span className="break-all">{r.host}</span> },
            { header: "Views", cell: (r) => count(r.views), numeric: true },
            { header: "Visitors", cell: (r) => count(r.visitors), numeric: true },
          ]}
        />
      </div>
      <ReportTable
        title="Campaigns"
        csv={csv("campaigns")}
        rows={data.campaigns}
        empty="No visits with UTM tags yet."
        columns={[
          { header: "Source", cell: (r) => r.source || "—" },
          { header: "Medium", cell: (r) => r.medium || "—" },
          { header: "Campaign", cell: (r) => r.campaign || "—" },
          { header: "Views", cell: (r) => count(r.views), numeric: true },
          { header: "Visitors", cell: (r) => count(r.visitors), numeric: true },
          { header: "Submissions", cell: (r) => count(r.submissions), numeric: true },
          { header: "Submission rate", cell: (r) => percent(r.submissionRateBp), numeric: true },
        ]}
      />
      <ReportTable
        title="Conversion by source"
        description="Source: the UTM source of the page a visit landed on, else the referring site. Submissions and customers by the first touch they were sent with; customers are contacts that arrived in the period and are customers now."
        csv={csv("sources")}
        rows={data.sources}
        empty="No visits or submissions yet."
        columns={[
          { header: "Source", cell: (r) => r.source },
          { header: "Visitors", cell: (r) => count(r.visitors), numeric: true },
          { header: "Submissions", cell: (r) => count(r.submissions), numeric: true },
          { header: "Submission rate", cell: (r) => percent(r.submissionRateBp), numeric: true },
          { header: "Contacted", cell: (r) => count(r.contacted), numeric: true },
          { header: "Customers", cell: (r) => count(r.customers), numeric: true },
          { header: "Customer rate", cell: (r) => percent(r.customerRateBp), numeric: true },
        ]}
      />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <ReportTable
          title="Form funnel"
          description="Viewed: the page with the form was read. Started: the visitor moved into the form."
          csv={csv("funnel")}
          rows={data.funnel}
          empty="No form was viewed yet."
          columns={[
            { header: "Form", cell: (r) => r.form },
            { header: "Viewed", cell: (r) => count(r.views), numeric: true },
            { header: "Started", cell: (r) => count(r.starts), numeric: true },
            {
              header: "Calculator used",
              cell: (r) => (r.form === "free-analysis" ? count(r.calculator) : "—"),
              numeric: true,
            },
            { header: "Submitted", cell: (r) => count(r.submissions), numeric: true },
          ]}
        />
        <ReportTable
          title="Searches that found nothing"
          csv={csv("searchMisses")}
          rows={data.searchMisses}
          empty="Every search found something."
          columns={[
            { header: "Search", cell: (r) => <span className="break-all">{r.query}</span> },
            { header: "Times", cell: (r) => count(r.searches), numeric: true },
          ]}
        />
      </div>
      <ReportTable
        title="Devices"
        csv={csv("devices")}
        rows={data.devices}
        empty="No page views yet."
        columns={[
          { header: "Device", cell: (r) => r.device[0]!.toUpperCase() + r.device.slice(1) },
          { header: "Views", cell: (r) => count(r.views), numeric: true },
          { header: "Visitors", cell: (r) => count(r.visitors), numeric: true },
        ]}
      />
    </div>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg border border-border p-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-foreground">{count(value)}</dd>
    </div>
  );
}

function CsvLink({ href, what }: { href: string; what: string }) {
  return (
    <a href={href} download className="inline-flex items-center gap-1 text-sm text-link underline">
      <Download className="size-4" aria-hidden />
      CSV<span className="sr-only"> of {what}</span>
    </a>
  );
}

function DailyChart({ data, csv }: { data: VisitorsResponse; csv: string }) {
  return (
    <section aria-labelledby="visitors-per-day" className="min-w-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="visitors-per-day" className="font-semibold text-foreground">
          Views and visitors per day
        </h3>
        <CsvLink href={csv} what="views and visitors per day" />
      </div>
      <ul className="mt-2 flex flex-wrap gap-4 text-sm text-foreground" aria-label="Chart legend">
        {SWATCHES.map((s) => (
          <li key={s.label} className="flex items-center gap-2">
            <span className={`inline-block size-3 rounded-sm ${s.swatch}`} aria-hidden />
            {s.label}
          </li>
        ))}
      </ul>
      <div className="mt-3 min-h-60">
        <Suspense fallback={<Skeleton className="h-60 w-full" />}>
          <VisitorsChart days={data.perDay} />
        </Suspense>
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-link">Show the figures as a table</summary>
        <Table className="mt-2" scrollLabel="Views and visitors per day, table">
          <TableCaption className="sr-only">Views and visitors per day, last {data.days} days</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Day</TableHead>
              <TableHead className="text-right">Page views</TableHead>
              <TableHead className="text-right">Visitors</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.perDay.map((d) => (
              <TableRow key={d.date}>
                <TableCell>{shortDate.format(new Date(`${d.date}T00:00:00Z`))}</TableCell>
                <TableCell className="text-right tabular-nums">{count(d.views)}</TableCell>
                <TableCell className="text-right tabular-nums">{count(d.visitors)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </details>
    </section>
  );
}

interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
}

/** One of the section's tables: a heading, its CSV download and the rows (or a line saying there are none). */
function ReportTable<Row>(props: {
  title: string;
  description?: string;
  csv: string;
  rows: Row[];
  columns: Array<Column<Row>>;
  empty: string;
}) {
  const id = `visitors-${props.title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="min-w-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={id} className="font-semibold text-foreground">
          {props.title}
        </h3>
        <CsvLink href={props.csv} what={props.title.toLowerCase()} />
      </div>
      {props.description ? <p className="mt-1 text-sm text-muted-foreground">{props.description}</p> : null}
      {props.rows.length ? (
        <Table className="mt-2" scrollLabel={`${props.title}, table`}>
          <TableHeader>
            <TableRow>
              {props.columns.map((c) => (
                <TableHead key={c.header} className={c.numeric ? "text-right" : undefined}>
                  {c.header}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {props.rows.map((row, i) => (
              <TableRow key={i}>
                {props.columns.map((c) => (
                  <TableCell key={c.header} className={c.numeric ? "text-right tabular-nums" : undefined}>
                    {c.cell(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <p className="mt-2 text-sm text-muted-foreground">{props.empty}</p>
      )}
    </section>
  );
}
