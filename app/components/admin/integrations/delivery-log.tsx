import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ScrollText } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT, type WebhookDeliveryStatus } from "@common/webhooks";
import type { DeliveriesResponse, IntegrationsResponse } from "@server/webhooks/api";
import type { WebhookDeliveryView } from "@server/webhooks/deliveries";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { Field } from "~/components/ui/field";
import { Pagination } from "~/components/ui/pagination";
import { Select } from "~/components/ui/select";
import { ListSkeleton } from "~/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { failureMessage, useResultFeedback, type Outcome } from "~/components/ui/use-result-feedback";
import { formatDateTime } from "~/lib/dates";
import { apiAction } from "~/lib/queryClient";
import { integrationsKeys } from "~/lib/query-keys";

const STATUS: Record<
  WebhookDeliveryStatus,
  { label: string; variant: "success" | "warning" | "destructive" | "info" }
> = {
  pending: { label: "Sending", variant: "info" },
  retrying: { label: "Will retry", variant: "warning" },
  delivered: { label: "Delivered", variant: "success" },
  failed: { label: "Failed", variant: "destructive" },
};

const eventLabel = (type: string) =>
  type === WEBHOOK_TEST_EVENT ? "Test event" : (WEBHOOK_EVENTS.find((e) => e.type === type)?.label ?? type);

/** The delivery log (GET …/deliveries?endpoint=&page=), newest first, with Resend. */
export function DeliveryLog() {
  const [params, setParams] = useSearchParams();
  const endpoint = params.get("endpoint") ?? "";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const endpoints = useQuery<IntegrationsResponse>({ queryKey: integrationsKeys.list() });
  const log = useQuery<DeliveriesResponse>({
    queryKey: integrationsKeys.deliveries({ endpoint: endpoint || undefined, page: page > 1 ? page : undefined }),
    // While a delivery is on its way, look again every second.
    refetchInterval: (query) =>
      query.state.data?.rows.some((row) => row.status === "pending" || row.status === "retrying") ? 1000 : false,
  });
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>();
  const resend = useMutation({
    mutationFn: (id: string) =>
      apiAction("POST", `${integrationsKeys.all[0]}/deliveries/${encodeURIComponent(id)}/resend`),
    onSuccess: setOutcome,
    onError: setOutcome,
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationsKeys.all }),
  });
  useResultFeedback(outcome);
  const hrefFor = (p: number) => `?${new URLSearchParams({ ...(endpoint ? { endpoint } : {}), page: String(p) })}`;

  return (
    <Card
      title="Delivery log"
      description="Every event sent, newest first. Times are Arizona time."
      actions={
        <Field label="Webhook" id="delivery-endpoint">
          <Select
            value={endpoint}
            onChange={(e) =>
              setParams(e.target.value ? { endpoint: e.target.value } : {}, { preventScrollReset: true })
            }
          >
            <option value="">All webhooks</option>
            {endpoints.data?.endpoints.map((e) => (
              <option key={e.id} value={e.id}>
                {e.name}
              </option>
            ))}
          </Select>
        </Field>
      }
    >
      <div className="mt-4 grid gap-4">
        {log.isPending ? (
          <ListSkeleton label="Loading the delivery log..." />
        ) : log.isError ? (
          <Alert variant="error">{failureMessage(log.error)}</Alert>
        ) : log.data.rows.length === 0 ? (
          <EmptyState
            icon={ScrollText}
            title="Nothing sent yet"
            description="Deliveries appear here as events happen. “Send test event” sends one now."
          />
        ) : (
          <Table>
            <caption className="sr-only">Webhook deliveries</caption>
            <TableHeader>
              <TableRow>
                <TableHead>Time</TableHead>
                <TableHead>Webhook</TableHead>
                <TableHead>Event</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Response</TableHead>
                <TableHead>Attempts</TableHead>
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {log.data.rows.map((row) => (
                <DeliveryRow key={row.id} row={row} busy={resend.isPending} onResend={() => resend.mutate(row.id)} />
              ))}
            </TableBody>
          </Table>
        )}
        {log.data ? (
          <Pagination
            page={log.data.page}
            pages={Math.ceil(log.data.total / log.data.pageSize)}
            hrefFor={hrefFor}
            label="Delivery log pages"
          />
        ) : null}
      </div>
    </Card>
  );
}

function DeliveryRow({ row, busy, onResend }: { row: WebhookDeliveryView; busy: boolean; onResend: () => void }) {
  const status = STATUS[row.status];
  const settled = row.status === "delivered" || row.status === "failed";
  return (
    <TableRow>
      <TableCell className="whitespace-nowrap">{formatDateTime(row.createdAt)}</TableCell>
      <TableCell>{row.endpointName}</TableCell>
      <TableCell className="whitespace-nowrap">{eventLabel(row.event)}</TableCell>
      <TableCell>
        <Badge variant={status.variant}>{status.label}</Badge>
      </TableCell>
      <TableCell>{row.responseCode ?? "none"}</TableCell>
      <TableCell className="min-w-48">
        {row.log.length ? (
          <details>
            <summary className="cursor-pointer">
              {row.attempts} {row.attempts === 1 ? "attempt" : "attempts"}
            </summary>
            <ol className="mt-2 grid gap-1.5 text-xs">
              {row.log.map((attempt, index) => (
                <li key={`${attempt.at}-${index}`}>
                  <span className="whitespace-nowrap">{formatDateTime(attempt.at)}</span>:{" "}
                  {attempt.responseCode ?? "no answer"}
                  {attempt.error ? (
                    <span className="block break-words text-muted-foreground">{attempt.error}</span>
                  ) : null}
                </li>
              ))}
            </ol>
          </details>
        ) : (
          row.attempts
        )}
      </TableCell>
      <TableCell>
        <Button
          size="sm"
          variant="outline"
          disabled={busy || !settled}
          aria-label={`Resend ${eventLabel(row.event)} to ${row.endpointName}, ${formatDateTime(row.createdAt)}`}
          onClick={onResend}
        >
          Resend
        </Button>
      </TableCell>
    </TableRow>
  );
}
