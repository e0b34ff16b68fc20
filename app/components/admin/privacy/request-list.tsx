import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import type { PrivacyRequestsResponse, PrivacyRequestSummary } from "@common/privacy";
import { ConfirmAction } from "~/components/admin/confirm-action";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { ListSkeleton } from "~/components/ui/skeleton";
import { failureMessage, useResultFeedback, type Outcome } from "~/components/ui/use-result-feedback";
import { formatDate, formatDateTime } from "~/lib/dates";
import { apiAction } from "~/lib/queryClient";
import { privacyKeys } from "~/lib/query-keys";

const KIND = { access: "Copy of data", delete: "Deletion" } as const;
const DAY = 24 * 60 * 60 * 1000;

/** "Due in 12 days", "Due today", "Overdue by 3 days" (whole days from now). */
function dueText(dueAt: string, now: number): { text: string; late: boolean; soon: boolean } {
  const days = Math.ceil((Date.parse(dueAt) - now) / DAY);
  if (days < 0) return { text: `Overdue by ${-days} ${-days === 1 ? "day" : "days"}`, late: true, soon: false };
  if (days === 0) return { text: "Due today", late: false, soon: true };
  return { text: `Due in ${days} ${days === 1 ? "day" : "days"}`, late: false, soon: days <= 7 };
}

/**
 * The privacy requests (GET /api/admin/privacy): those the requester confirmed, soonest due
 * first, with "Look up" (their data below) and "Mark done"; those still waiting for the
 * requester's confirmation apart, not due; the latest done.
 */
export function RequestList({ onLookUp }: { onLookUp: (request: PrivacyRequestSummary) => void }) {
  const requests = useQuery<PrivacyRequestsResponse>({ queryKey: privacyKeys.requests() });
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>();
  useResultFeedback(outcome);
  const done = useMutation({
    mutationFn: (id: string) => apiAction("POST", `${privacyKeys.all[0]}/requests/${encodeURIComponent(id)}/done`),
    onSuccess: setOutcome,
    onError: setOutcome,
    onSettled: () => queryClient.invalidateQueries({ queryKey: privacyKeys.all }),
  });
  const [now] = useState(() => Date.now());

  if (requests.isError) return <Alert variant="error">{failureMessage(requests.error)}</Alert>;
  if (!requests.data) return <ListSkeleton rows={3} label="Loading privacy requests" />;
  const { open, unverified, done: finished } = requests.data;

  return (
    <Card
      title="Open requests"
      description="Confirmed by the requester through the e-mailed link. Answer each by its due date (45 days after confirmation)."
    >
      {open.length ? (
        <ul
          className="mt-4 divide-y divide-border border-y border-border"
          aria-label="Open requests, soonest due first"
        >
          {open.map((r) => {
            const due = dueText(r.dueAt ?? r.createdAt, now);
            return (
              <li key={r.id} className="flex flex-wrap items-center gap-x-6 gap-y-3 py-4">
                <div className="min-w-56 flex-1">
                  <p className="font-medium text-foreground [overflow-wrap:anywhere]">
                    {r.email ?? <span className="text-muted-foreground">Erased requester</span>}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    Confirmed {formatDateTime(r.verifiedAt ?? r.createdAt)}
                  </p>
                </div>
                <Badge variant={r.kind === "delete" ? "warning" : "info"}>{KIND[r.kind]}</Badge>
                <div className="min-w-36">
                  <p className="text-sm font-medium text-foreground">Due {formatDate(r.dueAt)}</p>
                  <Badge variant={due.late ? "destructive" : due.soon ? "warning" : "neutral"}>{due.text}</Badge>
                </div>
                <div className="flex flex-wrap gap-2">
                  {r.email ? (
                    <Button size="sm" variant="outline" onClick={() => onLookUp(r)}>
                      Look up<span className="sr-only"> {r.email}</span>
                    </Button>
                  ) : null}
                  <ConfirmAction
                    trigger="Mark done"
                    triggerVariant="outline"
                    triggerLabel={`Mark done: the request of ${r.email ?? "an erased requester"}`}
                    disabled={done.isPending}
                    title="Mark this request done?"
                    description={`Only once the requester has had their answer: ${r.kind === "delete" ? "their data erased" : "a copy of their data sent"}. The audit log records who marked it.`}
                    confirmLabel="Mark done"
                    onConfirm={() => done.mutate(r.id)}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      ) : (
        <EmptyState
          icon={ShieldCheck}
          title="No open privacy requests"
          description="Requests sent through the privacy request form appear here once the requester confirms them by e-mail."
          className="mt-4"
        />
      )}
      <OtherRequests unverified={unverified} finished={finished} />
    </Card>
  );
}

/** The requests awaiting confirmation (not due yet) and the latest done, as short lists. */
function OtherRequests({
  unverified,
  finished,
}: {
  unverified: PrivacyRequestSummary[];
  finished: PrivacyRequestSummary[];
}) {
  return (
    <div className="mt-6 grid gap-6 md:grid-cols-2">
      <div>
        <h3 className="text-sm font-semibold text-foreground">Waiting for the requester ({unverified.length})</h3>
        <p className="text-xs text-muted-foreground">Not confirmed yet, so not due. The link works for 3 days.</p>
        <ul className="mt-2 grid gap-1 text-sm">
          {unverified.map((r) => (
            <li key={r.id} className="[overflow-wrap:anywhere]">
              {r.email} · {KIND[r.kind]} · link until {formatDateTime(r.linkExpiresAt)}
            </li>
          ))}
          {unverified.length ? null : <li className="text-muted-foreground">None.</li>}
        </ul>
      </div>
      <div>
        <h3 className="text-sm font-semibold text-foreground">Recently done</h3>
        <ul className="mt-2 grid gap-1 text-sm">
          {finished.map((r) => (
            <li key={r.id} className="[overflow-wrap:anywhere]">
              {r.email ?? "Erased requester"} · {KIND[r.kind]} · done {formatDate(r.doneAt)}
              {r.doneByName ? ` by ${r.doneByName}` : ""}
            </li>
          ))}
          {finished.length ? null : <li className="text-muted-foreground">None yet.</li>}
        </ul>
      </div>
    </div>
  );
}
