import crypto from "node:crypto";
import { Webhook } from "standardwebhooks";
import { WEBHOOK_LIMITS } from "@common/limits";
import { parseInput, ServiceError } from "@common/result";
import {
  WEBHOOK_TEST_EVENT,
  webhookDeliveriesQuerySchema,
  type WebhookDeliveryEvent,
  type WebhookDeliveryStatus,
  type WebhookEventData,
  type WebhookEventType,
} from "@common/webhooks";
import { writeAuditBy, type AuditActor } from "../audit/audit";
import { getConfig } from "../config";
import type { DB } from "../db";
import { nowIso } from "../db/dialect";
import { enqueueJob, registerJob } from "../jobs/jobs";
import { findEndpoint } from "./endpoints";
import { openSecret, SecretUnreadableError } from "./secrets";
import { postWebhook } from "./send";
import { slackText } from "./slack";

/**
 * Webhook deliveries: `emitEvent` queues one delivery per active endpoint that subscribes to
 * the event, in the caller's transaction; the claimed job "webhook.deliver" (server/jobs)
 * POSTs it, signed the Standard Webhooks way, and retries a failure with exponential backoff
 * (WEBHOOK_RETRY_SECONDS, doubling, WEBHOOK_MAX_ATTEMPTS). Every attempt is logged; staff
 * resend a delivery or send a test event from /admin/integrations.
 */
export const WEBHOOK_DELIVER_JOB = "webhook.deliver";

/** The JSON body of the standard format (Standard Webhooks' recommended envelope). */
export interface WebhookEnvelope<E extends WebhookDeliveryEvent = WebhookDeliveryEvent> {
  type: E;
  timestamp: string;
  data: WebhookEventData[E];
}

const newMessageId = () => `msg_${crypto.randomUUID().replace(/-/g, "")}`;

async function queueDelivery(db: DB, endpointId: string, envelope: WebhookEnvelope): Promise<string> {
  const id = newMessageId();
  await db
    .insertInto("webhook_deliveries")
    .values({
      id,
      endpoint_id: endpointId,
      event: envelope.type,
      payload: JSON.stringify(envelope),
      status: "pending",
      created_at: nowIso(),
      last_attempt_at: null,
      delivered_at: null,
      response_code: null,
      last_error: null,
    })
    .execute();
  await enqueueJob(db, WEBHOOK_DELIVER_JOB, { deliveryId: id }, { key: `${WEBHOOK_DELIVER_JOB}:${id}` });
  return id;
}

/**
 * Queues `event` for every active endpoint subscribed to it. Call it inside the transaction
 * that makes the event happen (so a rolled-back change sends nothing), then `kickJobs()`
 * after the commit. Returns the delivery ids (none when no endpoint wants the event).
 *
 *   await emitEvent(trx, "contact.status_changed", { contactId, name, email, businessName, from, to, changedBy });
 */
export async function emitEvent<E extends WebhookEventType>(
  db: DB,
  event: E,
  data: WebhookEventData[E],
  options: { at?: Date } = {},
): Promise<string[]> {
  const endpoints = await db
    .selectFrom("webhook_endpoints")
    .select(["id", "events"])
    .where("active", "=", true)
    .execute();
  const envelope: WebhookEnvelope<E> = { type: event, timestamp: (options.at ?? new Date()).toISOString(), data };
  const ids: string[] = [];
  for (const endpoint of endpoints) {
    if ((JSON.parse(endpoint.events) as string[]).includes(event))
      ids.push(await queueDelivery(db, endpoint.id, envelope));
  }
  return ids;
}

/** "Send test event": a webhook.test delivery to one endpoint, whatever it subscribes to. */
export async function sendTestEvent(db: DB, endpointId: string, actor: AuditActor): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const endpoint = await findEndpoint(trx, endpointId);
    if (!endpoint.active) throw new ServiceError("conflict", "Turn the webhook on to send it a test event.");
    const id = await queueDelivery(trx, endpoint.id, {
      type: WEBHOOK_TEST_EVENT,
      timestamp: new Date().toISOString(),
      data: {
        message: "This is a test event. The events you chose arrive in this shape.",
        endpointName: endpoint.name,
      },
    });
    await writeAuditBy(trx, actor, {
      action: "webhook.test_sent",
      target: `webhook “${endpoint.name}”`,
      details: { id: endpoint.id, deliveryId: id },
    });
    return id;
  });
}

/** Sends a delivered or failed delivery again, with the same webhook-id (the same message). */
export async function resendDelivery(db: DB, deliveryId: string, actor: AuditActor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const delivery = await trx
      .selectFrom("webhook_deliveries")
      .innerJoin("webhook_endpoints", "webhook_endpoints.id", "webhook_deliveries.endpoint_id")
      .select([
        "webhook_deliveries.id",
        "webhook_deliveries.status",
        "webhook_deliveries.event",
        "webhook_endpoints.name",
      ])
      .where("webhook_deliveries.id", "=", deliveryId)
      .executeTakeFirst();
    if (!delivery) throw new ServiceError("not_found", "That delivery is no longer in the log.");
    if (delivery.status === "pending" || delivery.status === "retrying")
      throw new ServiceError("conflict", "This delivery is still being tried: wait for it to be delivered or to fail.");
    await trx.updateTable("webhook_deliveries").set({ status: "pending" }).where("id", "=", deliveryId).execute();
    await enqueueJob(
      trx,
      WEBHOOK_DELIVER_JOB,
      { deliveryId },
      { key: `${WEBHOOK_DELIVER_JOB}:${deliveryId}:${newMessageId()}` },
    );
    await writeAuditBy(trx, actor, {
      action: "webhook.delivery_resent",
      target: `webhook “${delivery.name}”`,
      details: { deliveryId, event: delivery.event },
    });
  });
}

/** The body and headers of one attempt: signed now, with the delivery's id. */
export function signedRequest(
  delivery: { id: string; payload: string },
  endpoint: { format: string; secret: string },
  now = new Date(),
): { body: string; headers: Record<string, string> } {
  const envelope = JSON.parse(delivery.payload) as WebhookEnvelope;
  const body =
    endpoint.format === "slack"
      ? JSON.stringify({ text: slackText(envelope.type, envelope.data, getConfig().siteUrl) })
      : delivery.payload;
  return {
    body,
    headers: {
      "content-type": "application/json",
      "user-agent": "Meritum-Webhooks/1.0",
      "webhook-id": delivery.id,
      "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
      "webhook-signature": new Webhook(endpoint.secret).sign(delivery.id, now, body),
    },
  };
}

/**
 * One attempt of a delivery (the job's handler): sends, logs the attempt and sets the
 * delivery's status. Returns the error when the job should try again.
 */
export async function attemptDelivery(db: DB, deliveryId: string, job: { id: string; attempt: number }) {
  const row = await db
    .selectFrom("webhook_deliveries")
    .innerJoin("webhook_endpoints", "webhook_endpoints.id", "webhook_deliveries.endpoint_id")
    .select([
      "webhook_deliveries.id",
      "webhook_deliveries.payload",
      "webhook_deliveries.status",
      "webhook_endpoints.url",
      "webhook_endpoints.format",
      "webhook_endpoints.secret",
      "webhook_endpoints.active",
    ])
    .where("webhook_deliveries.id", "=", deliveryId)
    .executeTakeFirst();
  // Gone with its endpoint, or already delivered by an earlier run of this job.
  if (!row || row.status === "delivered") return { retry: null };
  const config = getConfig().webhooks;
  const jobRow = await db.selectFrom("jobs").select("max_attempts").where("id", "=", job.id).executeTakeFirst();
  let final = job.attempt >= (jobRow?.max_attempts ?? config.maxAttempts);
  let outcome: { status: number | null; error: string | null; durationMs: number };
  if (!row.active) {
    outcome = { status: null, error: "Not sent: the webhook is turned off.", durationMs: 0 };
    final = true;
  } else {
    let secret: string | undefined;
    try {
      secret = openSecret(row.secret, getConfig().authSecret);
    } catch (err) {
      if (!(err instanceof SecretUnreadableError)) throw err;
      outcome = { status: null, error: err.message, durationMs: 0 };
      final = true;
    }
    if (secret) {
      const { body, headers } = signedRequest(row, { format: row.format, secret });
      outcome = await postWebhook(row.url, body, headers, {
        allowLocal: config.allowLocal,
        timeoutMs: config.timeoutMs,
      });
    }
  }
  const { status, error, durationMs } = outcome!;
  const now = nowIso();
  const next: WebhookDeliveryStatus = !error ? "delivered" : final ? "failed" : "retrying";
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("webhook_attempts")
      .values({
        id: crypto.randomUUID(),
        delivery_id: row.id,
        attempted_at: now,
        response_code: status,
        error,
        duration_ms: durationMs,
      })
      .execute();
    await trx
      .updateTable("webhook_deliveries")
      .set((eb) => ({
        status: next,
        attempts: eb("attempts", "+", 1),
        response_code: status,
        last_error: error,
        last_attempt_at: now,
        ...(next === "delivered" ? { delivered_at: now } : {}),
      }))
      .where("id", "=", row.id)
      .execute();
  });
  return { retry: next === "retrying" ? error : null };
}

export function registerWebhookJobs(): void {
  const { maxAttempts, retryMs, timeoutMs } = getConfig().webhooks;
  registerJob<{ deliveryId: string }>(
    WEBHOOK_DELIVER_JOB,
    async ({ deliveryId }, job) => {
      const { retry } = await attemptDelivery(job.db, deliveryId, job);
      if (retry) throw new Error(`Webhook delivery ${deliveryId}: ${retry}`);
    },
    { maxAttempts, backoffMs: retryMs, leaseMs: Math.max(60_000, timeoutMs * 3) },
  );
}

export interface WebhookDeliveryView {
  id: string;
  endpointId: string;
  endpointName: string;
  event: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  responseCode: number | null;
  lastError: string | null;
  createdAt: string;
  lastAttemptAt: string | null;
  deliveredAt: string | null;
  /** Every attempt, newest first. */
  log: Array<{ at: string; responseCode: number | null; error: string | null; durationMs: number }>;
}

/** The delivery log, newest first, one page at a time (`?endpoint=&page=`). */
export async function listDeliveries(
  db: DB,
  query: unknown,
): Promise<{ rows: WebhookDeliveryView[]; total: number; page: number; pageSize: number }> {
  const { endpoint, page } = parseInput(webhookDeliveriesQuerySchema, query);
  const pageSize = WEBHOOK_LIMITS.pageSize;
  let base = db
    .selectFrom("webhook_deliveries")
    .innerJoin("webhook_endpoints", "webhook_endpoints.id", "webhook_deliveries.endpoint_id");
  if (endpoint) base = base.where("webhook_deliveries.endpoint_id", "=", endpoint);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    base
      .selectAll("webhook_deliveries")
      .select("webhook_endpoints.name as endpoint_name")
      .orderBy("webhook_deliveries.created_at", "desc")
      .orderBy("webhook_deliveries.id")
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
  ]);
  const attempts = rows.length
    ? await db
        .selectFrom("webhook_attempts")
        .selectAll()
        .where(
          "delivery_id",
          "in",
          rows.map((r) => r.id),
        )
        .orderBy("attempted_at", "desc")
        .execute()
    : [];
  return {
    total: Number(total),
    page,
    pageSize,
    rows: rows.map((r) => ({
      id: r.id,
      endpointId: r.endpoint_id,
      endpointName: r.endpoint_name,
      event: r.event,
      status: r.status as WebhookDeliveryStatus,
      attempts: Number(r.attempts),
      responseCode: r.response_code,
      lastError: r.last_error,
      createdAt: r.created_at,
      lastAttemptAt: r.last_attempt_at,
      deliveredAt: r.delivered_at,
      log: attempts
        .filter((a) => a.delivery_id === r.id)
        .map((a) => ({ at: a.attempted_at, responseCode: a.response_code, error: a.error, durationMs: a.duration_ms })),
    })),
  };
}
