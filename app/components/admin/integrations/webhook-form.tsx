import { useRef } from "react";
import { WEBHOOK_LIMITS as L } from "@common/limits";
import {
  WEBHOOK_EVENTS,
  WEBHOOK_FORMAT_LABELS,
  WEBHOOK_FORMATS,
  webhookEndpointSchema,
  type WebhookEndpointInput,
} from "@common/webhooks";
import type { WebhookEndpointView } from "@server/webhooks/endpoints";
import type { WebhookSecretResult } from "@server/webhooks/api";
import { formSchema } from "~/components/admin/form-values";
import { useApiForm } from "~/components/admin/use-api-form";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Field, FieldSet } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { apiAction } from "~/lib/queryClient";
import { integrationsKeys } from "~/lib/query-keys";

const flatSchema = formSchema(webhookEndpointSchema, { checkboxes: ["active"] });
/** Ticked event boxes post as `event.<type>`: the schema's `events` list. */
const schema: typeof flatSchema = {
  safeParse: (input) => {
    const values = { ...(input as Record<string, unknown>) };
    values.events = WEBHOOK_EVENTS.map((e) => e.type).filter((type) => values[`event.${type}`] === "on");
    for (const { type } of WEBHOOK_EVENTS) delete values[`event.${type}`];
    return flatSchema.safeParse(values);
  },
};

/**
 * Adds a webhook (POST, the answer carries the secret, shown once by the caller) or edits
 * one (PATCH). The URL is checked by the server too: https, and a public address.
 */
export function WebhookForm({
  endpoint,
  onSaved,
  onCancel,
}: {
  endpoint?: WebhookEndpointView;
  onSaved: (result: WebhookSecretResult | undefined) => void;
  onCancel?: () => void;
}) {
  const ref = useRef<HTMLFormElement>(null);
  const id = endpoint ? `webhook-${endpoint.id}` : "webhook-new";
  const form = useApiForm(ref, {
    schema,
    send: async (values: WebhookEndpointInput) => {
      const result = endpoint
        ? await apiAction("PATCH", `${integrationsKeys.all[0]}/${encodeURIComponent(endpoint.id)}`, values)
        : await apiAction<WebhookSecretResult>("POST", integrationsKeys.all[0], values);
      onSaved(result.data as WebhookSecretResult | undefined);
      return result;
    },
    invalidate: integrationsKeys.all,
    keepValues: !!endpoint,
  });
  const errors = form.fieldErrors;
  return (
    <form ref={ref} method="post" noValidate onSubmit={form.onSubmit} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" id={`${id}-name`} required error={errors.name} hint="For you: “Sales CRM”, “Team chat”.">
          <Input name="name" maxLength={L.name} defaultValue={endpoint?.name} autoComplete="off" />
        </Field>
        <Field label="Body format" id={`${id}-format`} error={errors.format}>
          <Select name="format" defaultValue={endpoint?.format ?? "standard"}>
            {WEBHOOK_FORMATS.map((format) => (
              <option key={format} value={format}>
                {WEBHOOK_FORMAT_LABELS[format]}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Field
        label="URL"
        id={`${id}-url`}
        required
        error={errors.url}
        hint="An https address on the internet; for Slack, the incoming-webhook URL."
      >
        <Input
          name="url"
          type="url"
          inputMode="url"
          maxLength={L.url}
          defaultValue={endpoint?.url}
          placeholder="https://"
          autoComplete="off"
        />
      </Field>
      <FieldSet legend="Events to send" id={`${id}-events`} error={errors.events} mark="required">
        <div className="mt-1 grid gap-3">
          {WEBHOOK_EVENTS.map((event) => (
            <Field
              key={event.type}
              label={event.label}
              id={`${id}-event-${event.type}`}
              orientation="horizontal"
              hint={event.description}
            >
              <Checkbox name={`event.${event.type}`} defaultChecked={endpoint?.events.includes(event.type)} />
            </Field>
          ))}
        </div>
      </FieldSet>
      <Field label="On: send events to this webhook" id={`${id}-active`} orientation="horizontal">
        <Checkbox name="active" defaultChecked={endpoint?.active ?? true} />
      </Field>
      {form.formError ? <Alert variant="error">{form.formError}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-3">
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={form.pending}>
          {form.pending ? "Saving..." : endpoint ? "Save webhook" : "Add webhook"}
        </Button>
      </div>
    </form>
  );
}
