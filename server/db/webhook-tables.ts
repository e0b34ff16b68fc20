import type { Generated } from "kysely";

/* The tables of outgoing webhooks (owned by server/webhooks; migration 0060). */

/** Where outgoing webhooks go (server/webhooks). */
export interface WebhookEndpointsTable {
  id: string;
  name: string;
  url: string;
  events: string; // JSON WebhookEventType[]
  format: string; // WebhookFormat
  /** The signing secret, encrypted (server/webhooks/secrets.ts). */
  secret: string;
  active: number | boolean;
  created_at: string;
  updated_at: string;
}

/** One message to one endpoint; `id` is its webhook-id. status: pending | retrying | delivered | failed. */
export interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  event: string;
  payload: string; // JSON { type, timestamp, data }
  status: string;
  attempts: Generated<number>;
  response_code: number | null;
  last_error: string | null;
  created_at: string;
  last_attempt_at: string | null;
  delivered_at: string | null;
}

/** Each HTTP attempt of a delivery. */
export interface WebhookAttemptsTable {
  id: string;
  delivery_id: string;
  attempted_at: string;
  response_code: number | null;
  error: string | null;
  duration_ms: number;
}
