import { useQuery } from "@tanstack/react-query";
import { ClipboardList } from "lucide-react";
import { Link } from "react-router";
import { FREE_ANALYSIS_SYSTEM_KEY } from "@common/forms";
import type { FormsResponse } from "@server/forms/api";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { ListSkeleton } from "~/components/ui/skeleton";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { failureMessage } from "~/components/ui/use-result-feedback";
import { formatDateTime } from "~/lib/dates";
import { formsKeys } from "~/lib/query-keys";

/** Every form with its unread, total and spam counts; links to its submissions and its editor. */
export function FormList() {
  const forms = useQuery<FormsResponse>({ queryKey: formsKeys.list() });
  return (
    <div className="grid grid-cols-1 gap-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-foreground">Forms</h1>
          <p className="mt-2 text-muted-foreground">The site's forms and the submissions each one receives.</p>
        </div>
        <Button asChild>
          <Link to="/admin/forms/new">New form</Link>
        </Button>
      </div>
      <Card title="All forms" description="Any active form is live at /forms/its-slug (Free Analysis is on /contact).">
        <div className="mt-4">
          {forms.isPending ? (
            <ListSkeleton label="Loading forms..." />
          ) : forms.isError ? (
            <Alert variant="error">{failureMessage(forms.error)}</Alert>
          ) : forms.data.forms.length === 0 ? (
            <EmptyState icon={ClipboardList} title="No forms yet" description="Create one with “New form”." />
          ) : (
            <Table>
              <TableCaption className="sr-only">Forms and their submissions</TableCaption>
              <TableHeader>
                <TableRow>
                  <TableHead>Form</TableHead>
                  <TableHead className="hidden sm:table-cell">Submissions</TableHead>
                  <TableHead className="hidden md:table-cell">Last received</TableHead>
                  <TableHead>Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {forms.data.forms.map((form) => {
                  const publicPath = form.systemKey === FREE_ANALYSIS_SYSTEM_KEY ? "/contact" : `/forms/${form.slug}`;
                  return (
                    <TableRow key={form.id}>
                      <TableCell>
                        <p className="font-medium text-foreground">
                          {form.name}{" "}
                          {form.active ? null : (
                            <Badge variant="warning" className="ml-1">
                              Off
                            </Badge>
                          )}
                        </p>
                        <p className="text-muted-foreground">
                          {form.active ? (
                            <a className="text-link underline" href={publicPath} target="_blank" rel="noreferrer">
                              {publicPath}
                            </a>
                          ) : (
                            publicPath
                          )}{" "}
                          · {form.fields.length} fields
                        </p>
                        <p className="mt-1 text-muted-foreground sm:hidden">
                          {form.unread} unread · {form.total - form.spam} in all
                          {form.spam ? ` · ${form.spam} spam` : ""}
                        </p>
                      </TableCell>
                      <TableCell className="hidden sm:table-cell">
                        <div className="flex flex-wrap gap-1.5">
                          <Badge variant={form.unread ? "info" : "neutral"}>{form.unread} unread</Badge>
                          <Badge variant="outline">{form.total - form.spam} in all</Badge>
                          {form.spam ? <Badge variant="warning">{form.spam} spam</Badge> : null}
                        </div>
                      </TableCell>
                      <TableCell className="hidden whitespace-nowrap md:table-cell">
                        {form.lastSubmissionAt ? formatDateTime(form.lastSubmissionAt) : "—"}
                      </TableCell>
                      <TableCell>
                        <div className="flex flex-wrap gap-2">
                          <Button asChild size="sm">
                            <Link to={`/admin/forms/${form.id}/submissions`} aria-label={`Submissions: ${form.name}`}>
                              Submissions
                            </Link>
                          </Button>
                          <Button asChild size="sm" variant="outline">
                            <Link to={`/admin/forms/${form.id}`} aria-label={`Edit: ${form.name}`}>
                              Edit
                            </Link>
                          </Button>
                        </div>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          )}
        </div>
      </Card>
    </div>
  );
}
