import { useQuery } from "@tanstack/react-query";
import { Download, Inbox, Paperclip } from "lucide-react";
import { Form, Link, useParams, useSearchParams } from "react-router";
import { SPAM_REASONS, SUBMISSION_TABS, type SubmissionTab } from "@common/submissions";
import type { SubmissionsResponse } from "@server/forms/api";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Pagination } from "~/components/ui/pagination";
import { ListSkeleton } from "~/components/ui/skeleton";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { failureMessage } from "~/components/ui/use-result-feedback";
import { formatDateTime } from "~/lib/dates";
import { formsKeys, querySegment } from "~/lib/query-keys";
import { cn } from "~/lib/utils";

const TAB_LABELS: Record<SubmissionTab, string> = { unread: "Unread", read: "Read", spam: "Spam" };

/**
 * A form's submissions inbox: unread / read / spam tabs, a search and a date range (all in
 * the URL), a page at a time; the CSV export takes the same filter.
 */
export function SubmissionsInbox() {
  const { id = "" } = useParams();
  const [params] = useSearchParams();
  const filter = {
    tab: (SUBMISSION_TABS as readonly string[]).includes(params.get("tab") ?? "") ? params.get("tab")! : "unread",
    q: params.get("q") ?? "",
    from: params.get("from") ?? "",
    to: params.get("to") ?? "",
    page: Math.max(1, Number(params.get("page") ?? 1) || 1),
  };
  const list = useQuery<SubmissionsResponse>({
    queryKey: formsKeys.submissions(id, filter),
    placeholderData: (prev) => prev,
  });
  const link = (change: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(change)) {
      if (value === undefined || value === "") next.delete(key);
      else next.set(key, String(value));
    }
    const text = next.toString();
    return text ? `?${text}` : "?";
  };
  const exportHref = `/api/admin/forms/${id}/export${querySegment({ tab: filter.tab, q: filter.q, from: filter.from, to: filter.to })[0] ?? ""}`;
  const data = list.data;

  return (
    <div className="grid grid-cols-1 gap-8">
      <div>
        <p className="text-sm">
          <Link to="/admin/forms" className="text-link underline">
            Forms
          </Link>
        </p>
        <h1 className="mt-1 text-2xl font-bold text-foreground">{data ? data.form.name : "Submissions"}</h1>
        <p className="mt-2 text-muted-foreground">Everything this form received, newest first.</p>
      </div>

      <Card
        title="Submissions"
        actions={
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              <a href={exportHref} download>
                <Download className="size-4" aria-hidden /> Export CSV
              </a>
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link to={`/admin/forms/${id}`}>Edit form</Link>
            </Button>
          </div>
        }
      >
        <InboxTabs filter={filter} counts={data?.counts} link={link} />
        <InboxFilter filter={filter} link={link} />

        <div className="mt-4">
          {list.isPending ? (
            <ListSkeleton label="Loading submissions..." rows={6} />
          ) : list.isError ? (
            <Alert variant="error">{failureMessage(list.error)}</Alert>
          ) : data!.rows.length === 0 ? (
            <EmptyState
              icon={Inbox}
              title={
                filter.q || filter.from || filter.to
                  ? "No submissions match"
                  : `No ${TAB_LABELS[filter.tab as SubmissionTab].toLowerCase()} submissions`
              }
              description={
                filter.tab === "spam"
                  ? "Posts that filled the hidden field or came too fast land here, without a notification."
                  : "New submissions appear here as they arrive."
              }
            />
          ) : (
            <SubmissionRows formId={id} tab={filter.tab as SubmissionTab} rows={data!.rows} />
          )}
        </div>
        {data ? (
          <Pagination
            className="mt-4"
            label="Submission pages"
            page={data.page}
            pages={data.pages}
            hrefFor={(page) => link({ page })}
            previousLabel="Newer"
            nextLabel="Older"
          />
        ) : null}
      </Card>
    </div>
  );
}

type Filter = { tab: string; q: string; from: string; to: string; page: number };
type LinkTo = (change: Record<string, string | number | undefined>) => string;

/** Unread, read and spam, each with its count under the current search and dates. */
function InboxTabs({ filter, counts, link }: { filter: Filter; counts?: SubmissionsResponse["counts"]; link: LinkTo }) {
  return (
    <nav aria-label="Submission tabs" className="mt-4 flex flex-wrap gap-1 border-b border-border">
      {SUBMISSION_TABS.map((tab) => (
        <Link
          key={tab}
          to={link({ tab: tab === "unread" ? undefined : tab, page: undefined })}
          aria-current={filter.tab === tab ? "page" : undefined}
          className={cn(
            "-mb-px inline-flex min-h-10 items-center gap-2 border-b-2 px-3 text-sm font-medium",
            filter.tab === tab
              ? "border-primary text-foreground"
              : "border-transparent text-muted-foreground hover:text-foreground",
          )}
        >
          {TAB_LABELS[tab]}
          {counts ? <Badge variant={tab === "spam" ? "warning" : "neutral"}>{counts[tab]}</Badge> : null}
        </Link>
      ))}
    </nav>
  );
}

/** The search and the date range, sent as the page's query string. */
function InboxFilter({ filter, link }: { filter: Filter; link: LinkTo }) {
  return (
    <Form method="get" role="search" aria-label="Search submissions" className="mt-4 flex flex-wrap items-end gap-3">
      {filter.tab !== "unread" ? <input type="hidden" name="tab" value={filter.tab} /> : null}
      <Field id="submission-search" label="Search">
        <Input name="q" type="search" defaultValue={filter.q} placeholder="Name, e-mail, any answer" />
      </Field>
      <Field id="submission-from" label="From">
        <Input name="from" type="date" defaultValue={filter.from} width="auto" />
      </Field>
      <Field id="submission-to" label="To">
        <Input name="to" type="date" defaultValue={filter.to} width="auto" />
      </Field>
      <Button type="submit" variant="outline">
        Filter
      </Button>
      {filter.q || filter.from || filter.to ? (
        <Link
          to={link({ q: undefined, from: undefined, to: undefined, page: undefined })}
          className="text-sm text-link underline"
        >
          Clear filter
        </Link>
      ) : null}
    </Form>
  );
}

/** A page of submissions: when, from whom, the first answers and files, the status. */
function SubmissionRows({
  formId: id,
  tab,
  rows,
}: {
  formId: string;
  tab: SubmissionTab;
  rows: SubmissionsResponse["rows"];
}) {
  return (
    <Table>
      <TableCaption className="sr-only">{TAB_LABELS[tab]} submissions, newest first</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Received (Arizona)</TableHead>
          <TableHead>From</TableHead>
          <TableHead className="hidden md:table-cell">Summary</TableHead>
          <TableHead className="hidden sm:table-cell">Status</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id} className={row.read || row.spam ? undefined : "font-semibold"}>
            <TableCell className="sm:whitespace-nowrap">
              <Link to={`/admin/forms/${id}/submissions/${row.id}`} className="text-link underline">
                {formatDateTime(row.createdAt)}
              </Link>
              <span className="mt-1 block font-normal text-muted-foreground sm:hidden">
                {row.spam ? "Spam" : row.read ? "Read" : "Unread"}
              </span>
            </TableCell>
            <TableCell>
              <p className="text-foreground">{row.businessName || row.name || "—"}</p>
              <p className="font-normal break-words text-muted-foreground">{row.email || "no e-mail"}</p>
            </TableCell>
            <TableCell className="hidden max-w-md font-normal md:table-cell">
              <span className="line-clamp-2">{row.summary || "—"}</span>
              {row.files ? (
                <span className="mt-1 inline-flex items-center gap-1 text-muted-foreground">
                  <Paperclip className="size-3.5" aria-hidden /> {row.files} {row.files === 1 ? "file" : "files"}
                </span>
              ) : null}
            </TableCell>
            <TableCell className="hidden sm:table-cell">
              <div className="flex flex-wrap gap-1.5">
                {row.spam ? (
                  <Badge variant="warning" title={SPAM_REASONS[row.spamReason ?? "staff"]}>
                    Spam
                  </Badge>
                ) : row.read ? (
                  <Badge variant="neutral">Read</Badge>
                ) : (
                  <Badge variant="info">Unread</Badge>
                )}
                {row.notifyStatus === "failed" || row.notifyStatus === "retrying" ? (
                  <Badge variant="destructive">E-mail {row.notifyStatus === "failed" ? "failed" : "retrying"}</Badge>
                ) : null}
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
