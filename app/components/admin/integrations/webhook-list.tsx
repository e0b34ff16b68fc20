import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Webhook } from "lucide-react";
import { useState } from "react";
import { WEBHOOK_EVENTS, WEBHOOK_FORMAT_LABELS } from "@common/webhooks";
import type { IntegrationsResponse, WebhookSecretResult } from "@server/webhooks/api";
import type { WebhookEndpointView } from "@server/webhooks/endpoints";
import { ConfirmAction } from "~/components/admin/confirm-action";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { EmptyState } from "~/components/ui/empty-state";
import { ListSkeleton } from "~/components/ui/skeleton";
import { failureMessage, useResultFeedback, type Outcome } from "~/components/ui/use-result-feedback";
import { apiAction } from "~/lib/queryClient";
import { integrationsKeys } from "~/lib/query-keys";
import { SecretNotice } from "./secret-notice";
import { WebhookForm } from "./webhook-form";

const eventLabel = (type: string) => WEBHOOK_EVENTS.find((e) => e.type === type)?.label ?? type;

/** The webhooks (GET /api/admin/integrations): add, edit, test, new secret, remove. */
export function WebhookList() {
  const endpoints = useQuery<IntegrationsResponse>({ queryKey: integrationsKeys.list() });
  const [editing, setEditing] = useState<WebhookEndpointView | "new" | null>(null);
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null);
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>();
  const act = useMutation({
    mutationFn: ({ method, path }: { method: "POST" | "DELETE"; path: string; name: string }) =>
      apiAction<WebhookSecretResult>(method, `${integrationsKeys.all[0]}${path}`),
    onSuccess: (result, action) => {
      setOutcome(result);
      if (result.data?.secret) setSecret({ name: action.name, secret: result.data.secret });
    },
    onError: setOutcome,
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationsKeys.all }),
  });
  useResultFeedback(outcome);
  const saved = (result: WebhookSecretResult | undefined) => {
    if (result?.secret && result.endpoint) setSecret({ name: result.endpoint.name, secret: result.secret });
    setEditing(null);
  };

  return (
    <Card
      title="Webhooks"
      description="Each event is sent as a signed JSON POST (Standard Webhooks), retried with backoff when the receiver fails."
      actions={<Button onClick={() => setEditing("new")}>Add webhook</Button>}
    >
      {secret ? <SecretNotice {...secret} onDone={() => setSecret(null)} /> : null}
      <div className="mt-4">
        {endpoints.isPending ? (
          <ListSkeleton label="Loading webhooks..." />
        ) : endpoints.isError ? (
          <Alert variant="error">{failureMessage(endpoints.error)}</Alert>
        ) : endpoints.data.endpoints.length === 0 ? (
          <EmptyState
            icon={Webhook}
            title="No webhooks yet"
            description="Add one to send new leads and status changes to a CRM or a team chat as they happen."
          />
        ) : (
          <ul className="grid gap-3">
            {endpoints.data.endpoints.map((endpoint) => (
              <li key={endpoint.id} className="grid gap-3 rounded-md border border-border p-4">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="font-semibold text-foreground">{endpoint.name}</h3>
                  {endpoint.active ? <Badge variant="success">On</Badge> : <Badge>Off</Badge>}
                  <Badge variant="outline">{WEBHOOK_FORMAT_LABELS[endpoint.format]}</Badge>
                </div>
                <p className="break-all font-mono text-sm text-soft-foreground">{endpoint.url}</p>
                <p className="text-sm text-muted-foreground">Events: {endpoint.events.map(eventLabel).join(", ")}</p>
                <div className="flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={act.isPending || !endpoint.active}
                    aria-label={`Send test event: ${endpoint.name}`}
                    onClick={() => act.mutate({ method: "POST", path: `/${endpoint.id}/test`, name: endpoint.name })}
                  >
                    Send test event
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Edit: ${endpoint.name}`}
                    onClick={() => setEditing(endpoint)}
                  >
                    Edit
                  </Button>
                  <ConfirmAction
                    disabled={act.isPending}
                    trigger="New secret"
                    triggerLabel={`New secret: ${endpoint.name}`}
                    title={`Make a new signing secret for ${endpoint.name}?`}
                    description="The old secret stops signing at once: give the new one to the receiver straight away."
                    confirmLabel="Make a new secret"
                    onConfirm={() =>
                      act.mutate({ method: "POST", path: `/${endpoint.id}/secret`, name: endpoint.name })
                    }
                  />
                  <ConfirmAction
                    disabled={act.isPending}
                    trigger="Remove"
                    triggerLabel={`Remove: ${endpoint.name}`}
                    title={`Remove ${endpoint.name}?`}
                    description="No more events are sent to it, and its delivery log is deleted."
                    confirmLabel="Remove webhook"
                    destructive
                    onConfirm={() => act.mutate({ method: "DELETE", path: `/${endpoint.id}`, name: endpoint.name })}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent className="sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>{editing === "new" ? "Add a webhook" : `Edit ${editing?.name ?? "webhook"}`}</DialogTitle>
            <DialogDescription>
              {editing === "new"
                ? "Its signing secret is shown once, right after you add it."
                : "The signing secret stays the same."}
            </DialogDescription>
          </DialogHeader>
          {editing !== null ? (
            <div className="mt-4">
              <WebhookForm
                endpoint={editing === "new" ? undefined : editing}
                onSaved={saved}
                onCancel={() => setEditing(null)}
              />
            </div>
          ) : null}
        </DialogContent>
      </Dialog>
    </Card>
  );
}
