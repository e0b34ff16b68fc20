import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ExternalLink, FileText, Plus } from "lucide-react";
import { useState } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { BULK_ACTIONS, CONTENT_STATUSES, type BulkAction, type ContentStatus } from "@common/content";
import type { ArticleListResponse } from "@server/content/api";
import { ConfirmDialog } from "~/components/admin/confirm-action";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { EmptyState } from "~/components/ui/empty-state";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Pagination } from "~/components/ui/pagination";
import { Select } from "~/components/ui/select";
import { ListSkeleton } from "~/components/ui/skeleton";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { failureMessage, useResultFeedback, type Outcome } from "~/components/ui/use-result-feedback";
import { formatDateTime } from "~/lib/dates";
import { contentKeys } from "~/lib/query-keys";
import { apiAction } from "~/lib/queryClient";
import { STATUS_BADGE, STATUS_LABEL, type KindInfo } from "./article-kind";

const BULK_WORDS: Record<BulkAction, { verb: string; button: string; description: string }> = {
  publish: {
    verb: "Publish",
    button: "Publish",
    description: "They go live now (an earlier publication date is kept) and appear in search, the sitemap and RSS.",
  },
  unpublish: {
    verb: "Unpublish",
    button: "Move to drafts",
    description: "They leave the public site, search, the sitemap and RSS, and become drafts.",
  },
  delete: {
    verb: "Delete",
    button: "Delete",
    description: "They are removed for good with their history; their public addresses answer “gone”.",
  },
};

/**
 * The list of blog posts or help guides (GET /api/admin/<kind>): title search, status and
 * category filters and the sort in the URL's query string, a page at a time, with bulk
 * publish / unpublish / delete of the ticked rows after a confirmation naming how many.
 */
export function ArticleList({ info }: { info: KindInfo }) {
  const [params] = useSearchParams();
  const filter = {
    q: params.get("q") ?? "",
    status: params.get("status") ?? "",
    category: params.get("category") ?? "",
    sort: params.get("sort") ?? "",
    page: Math.max(1, Number(params.get("page") ?? 1) || 1),
  };
  const keys = contentKeys(info.kind);
  const list = useQuery<ArticleListResponse>({ queryKey: keys.list(filter), placeholderData: (prev) => prev });
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<string[]>([]);
  const [confirming, setConfirming] = useState<BulkAction | null>(null);
  const [outcome, setOutcome] = useState<Outcome>();
  useResultFeedback(outcome);
  const bulk = useMutation({
    mutationFn: (action: BulkAction) => apiAction("POST", `${keys.all[0]}/bulk`, { action, ids: selected }),
    onSuccess: (result) => {
      setOutcome(result);
      setSelected([]);
    },
    onError: setOutcome,
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
  const pageLink = (page: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(page));
    return `?${next.toString()}`;
  };
  const items = list.data?.items ?? [];
  const allOnPage = items.length > 0 && items.every((i) => selected.includes(i.id));
  const toggle = (id: string, on: boolean) =>
    setSelected((s) => (on ? [...new Set([...s, id])] : s.filter((x) => x !== id)));
  const count = selected.length;
  const noun = count === 1 ? info.one : info.many;

  return (
    <Card
      title={`All ${info.many}`}
      description={list.data ? `${list.data.total.toLocaleString("en-US")} in total` : undefined}
      actions={
        <Link to={`${info.basePath}/new`} className={buttonVariants()}>
          <Plus className="size-4" aria-hidden />
          New {info.one}
        </Link>
      }
    >
      <Form
        method="get"
        role="search"
        aria-label={`Filter ${info.many}`}
        className="mt-4 grid grid-cols-1 items-end gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto]"
        preventScrollReset
      >
        <Field label="Search titles" id={`${info.kind}-q`}>
          <Input name="q" type="search" defaultValue={filter.q} />
        </Field>
        <Field label="Status" id={`${info.kind}-status`}>
          <Select name="status" defaultValue={filter.status}>
            <option value="">All statuses</option>
            {CONTENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABEL[s]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Category" id={`${info.kind}-category`}>
          <Select name="category" defaultValue={filter.category}>
            <option value="">All categories</option>
            {list.data?.categories.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Sort by" id={`${info.kind}-sort`}>
          <Select name="sort" defaultValue={filter.sort || "updated"}>
            <option value="updated">Last updated</option>
            <option value="published">Publication date</option>
            <option value="title">Title (A–Z)</option>
          </Select>
        </Field>
        <Button type="submit" variant="outline">
          Apply
        </Button>
      </Form>

      <div className="mt-4 flex min-h-10 flex-wrap items-center gap-2" aria-live="polite">
        {count ? (
          <>
            <span className="text-sm font-medium text-foreground">
              {count} {noun} selected
            </span>
            {BULK_ACTIONS.map((action) => (
              <Button
                key={action}
                type="button"
                size="sm"
                variant={action === "delete" ? "destructive" : "outline"}
                disabled={bulk.isPending}
                onClick={() => setConfirming(action)}
              >
                {BULK_WORDS[action].button}
              </Button>
            ))}
            <Button type="button" size="sm" variant="ghost" onClick={() => setSelected([])}>
              Clear selection
            </Button>
          </>
        ) : (
          <span className="text-sm text-muted-foreground">
            Tick {info.many} to publish, unpublish or delete several at once.
          </span>
        )}
      </div>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? null : setConfirming(null))}
        title={confirming ? `${BULK_WORDS[confirming].verb} ${count} ${noun}?` : ""}
        description={confirming ? BULK_WORDS[confirming].description : ""}
        confirmLabel={confirming ? `${BULK_WORDS[confirming].verb} ${count} ${noun}` : ""}
        destructive={confirming === "delete"}
        onConfirm={() => confirming && bulk.mutate(confirming)}
      />

      <div className="mt-2">
        {list.isPending ? (
          <ListSkeleton label={`Loading ${info.many}...`} rows={6} />
        ) : list.isError ? (
          <Alert variant="error">{failureMessage(list.error)}</Alert>
        ) : items.length === 0 ? (
          <EmptyState
            icon={FileText}
            title={filter.q || filter.status || filter.category ? `No ${info.many} match` : `No ${info.many} yet`}
            description={
              filter.q || filter.status || filter.category
                ? "Try another title, status or category."
                : `Write the first ${info.one}; it stays a draft until you publish it.`
            }
          />
        ) : (
          <Table>
            <TableCaption className="sr-only">{info.title}</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead className="w-10">
                  <Checkbox
                    aria-label={`Select every ${info.one} on this page`}
                    checked={allOnPage}
                    onChange={(e) => items.forEach((i) => toggle(i.id, e.currentTarget.checked))}
                  />
                </TableHead>
                <TableHead>Title</TableHead>
                <TableHead className="hidden sm:table-cell">Status</TableHead>
                <TableHead className="hidden md:table-cell">Category</TableHead>
                <TableHead className="hidden lg:table-cell">Updated</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {items.map((item) => (
                <TableRow key={item.id}>
                  <TableCell>
                    <Checkbox
                      aria-label={`Select “${item.title}”`}
                      checked={selected.includes(item.id)}
                      onChange={(e) => toggle(item.id, e.currentTarget.checked)}
                    />
                  </TableCell>
                  <TableCell className="sm:min-w-48">
                    <Link
                      to={`${info.basePath}/${item.id}`}
                      className="font-medium text-link underline-offset-2 hover:underline"
                    >
                      {item.title}
                    </Link>
                    <p className="mt-0.5 break-all text-xs text-muted-foreground">/{item.slug}</p>
                    <div className="mt-1 sm:hidden">
                      <StatusCell status={item.status} publishedAt={item.publishedAt} />
                    </div>
                    {item.publicPath ? (
                      <a
                        href={item.publicPath}
                        target="_blank"
                        rel="noreferrer"
                        className="mt-1 inline-flex items-center gap-1 text-xs font-medium text-link underline"
                      >
                        View on site
                        <ExternalLink className="size-3" aria-hidden />
                        <span className="sr-only">(“{item.title}”, opens in a new tab)</span>
                      </a>
                    ) : null}
                  </TableCell>
                  <TableCell className="hidden sm:table-cell">
                    <StatusCell status={item.status} publishedAt={item.publishedAt} />
                  </TableCell>
                  <TableCell className="hidden md:table-cell">{item.category}</TableCell>
                  <TableCell className="hidden whitespace-nowrap lg:table-cell">
                    <time dateTime={item.updatedAt}>{formatDateTime(item.updatedAt)}</time>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </div>
      {list.data ? (
        <Pagination
          className="mt-4"
          label={`${info.title} pages`}
          page={list.data.page}
          pages={list.data.pages}
          hrefFor={pageLink}
        />
      ) : null}
      <p className="mt-4 text-xs text-muted-foreground">Times are Arizona time (America/Phoenix).</p>
    </Card>
  );
}

function StatusCell({ status, publishedAt }: { status: ContentStatus; publishedAt: string | null }) {
  return (
    <>
      <Badge variant={STATUS_BADGE[status]}>{STATUS_LABEL[status]}</Badge>
      {publishedAt && status !== "draft" ? (
        <p className="mt-1 whitespace-nowrap text-xs text-muted-foreground">
          <time dateTime={publishedAt}>{formatDateTime(publishedAt)}</time>
          <span className="sr-only"> Arizona time</span>
        </p>
      ) : null}
    </>
  );
}
