import { useQuery } from "@tanstack/react-query";
import { ScrollText } from "lucide-react";
import { Form, useSearchParams } from "react-router";
import type { AuditLogResponse } from "@server/audit/api";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Pagination } from "~/components/ui/pagination";
import { Select } from "~/components/ui/select";
import { ListSkeleton } from "~/components/ui/skeleton";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { failureMessage } from "~/components/ui/use-result-feedback";
import { formatDateTime } from "~/lib/dates";
import { usersKeys } from "~/lib/query-keys";

/**
 * The audit log (GET /api/admin/users/audit-log), filtered by person or target (?aq=) and
 * action (?action=), a page at a time (?page=); the filters live in the URL.
 */
export function AuditLog() {
  const [params] = useSearchParams();
  const filter = {
    q: params.get("aq") ?? "",
    action: params.get("action") ?? "",
    page: Math.max(1, Number(params.get("page") ?? 1) || 1),
  };
  const audit = useQuery<AuditLogResponse>({ queryKey: usersKeys.auditLog(filter), placeholderData: (prev) => prev });
  const pageLink = (page: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(page));
    return `?${next.toString()}`;
  };

  return (
    <Card title="Audit log">
      <Form
        method="get"
        className="mt-4 flex flex-wrap items-end gap-3"
        aria-label="Filter the audit log"
        preventScrollReset
      >
        {params.get("q") ? <input type="hidden" name="q" value={params.get("q") ?? ""} /> : null}
        <Field label="Person or target" id="audit-search">
          <Input name="aq" type="search" defaultValue={filter.q} />
        </Field>
        <Field label="Action" id="audit-action">
          <Select name="action" defaultValue={filter.action} width="auto">
            <option value="">All actions</option>
            {audit.data?.actions.map((a) => (
              <option key={a.value} value={a.value}>
                {a.label}
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit" variant="outline">
          Filter
        </Button>
      </Form>
      <div className="mt-4">
        {audit.isPending ? (
          <ListSkeleton label="Loading the audit log..." rows={6} />
        ) : audit.isError ? (
          <Alert variant="error">{failureMessage(audit.error)}</Alert>
        ) : audit.data.rows.length === 0 ? (
          <EmptyState icon={ScrollText} title="No entries match" description="Try another person, target or action." />
        ) : (
          <Table>
            <TableCaption className="sr-only">Audit log entries, newest first</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>Time (Arizona)</TableHead>
                <TableHead>Action</TableHead>
                <TableHead>By</TableHead>
                <TableHead>Target</TableHead>
                <TableHead>From</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {audit.data.rows.map((r) => (
                <TableRow key={r.id}>
                  <TableCell className="whitespace-nowrap py-2">{formatDateTime(r.createdAt)}</TableCell>
                  <TableCell className="py-2 font-medium text-foreground">{r.label}</TableCell>
                  <TableCell className="py-2">{r.actorEmail ?? "—"}</TableCell>
                  <TableCell className="py-2">{r.target ?? "—"}</TableCell>
                  <TableCell className="py-2">
                    {r.ip ?? ""} {r.device ? `· ${r.device}` : ""}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </div>
      {audit.data ? (
        <Pagination
          className="mt-4"
          label="Audit log pages"
          page={audit.data.page}
          pages={audit.data.pages}
          hrefFor={pageLink}
          previousLabel="Newer"
          nextLabel="Older"
        />
      ) : null}
    </Card>
  );
}
