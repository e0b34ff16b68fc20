import crypto from "node:crypto";
import type { Selectable } from "kysely";
import { WEBHOOK_LIMITS } from "@common/limits";
import { CHECK_FIELDS_MESSAGE, parseInput, ServiceError } from "@common/result";
import {
  webhookEndpointPatchSchema,
  webhookEndpointSchema,
  type WebhookEventType,
  type WebhookFormat,
} from "@common/webhooks";
import { writeAuditBy, type AuditActor } from "../audit/audit";
import { getConfig } from "../config";
import type { DB } from "../db";
import { nowIso } from "../db/dialect";
import type { WebhookEndpointsTable } from "../db/webhook-tables";
import { resolveWebhookTarget, WebhookUrlError } from "./address-guard";
import { newWebhookSecret, sealSecret } from "./secrets";

/**
 * Webhook endpoints (admins, /admin/integrations): where to POST which events, in which
 * body format. The URL passes the SSRF guard at save (and again at every delivery); the
 * signing secret is made here and returned once, on creation and on "New secret", never
 * again. Every change is audited (without the secret).
 */
export interface WebhookEndpointView {
  id: string;
  name: string;
  url: string;
  events: WebhookEventType[];
  format: WebhookFormat;
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

export function endpointView(row: Selectable<WebhookEndpointsTable>): WebhookEndpointView {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    events: JSON.parse(row.events) as WebhookEventType[],
    format: row.format as WebhookFormat,
    active: Boolean(row.active),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function listEndpoints(db: DB): Promise<WebhookEndpointView[]> {
  const rows = await db.selectFrom("webhook_endpoints").selectAll().orderBy("created_at").execute();
  return rows.map(endpointView);
}

export async function findEndpoint(db: DB, id: string): Promise<Selectable<WebhookEndpointsTable>> {
  const row = await db.selectFrom("webhook_endpoints").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new ServiceError("not_found", "That webhook no longer exists.");
  return row;
}

/** The SSRF guard at save: a refused URL is a field error. */
async function checkUrl(url: string): Promise<void> {
  try {
    await resolveWebhookTarget(url, { allowLocal: getConfig().webhooks.allowLocal });
  } catch (err) {
    if (err instanceof WebhookUrlError)
      throw new ServiceError("validation", CHECK_FIELDS_MESSAGE, { url: err.message });
    throw err;
  }
}

const auditTarget = (name: string) => `webhook “${name}”`;
const hostOf = (url: string) => new URL(url).host;

export async function createEndpoint(
  db: DB,
  input: unknown,
  actor: AuditActor,
): Promise<{ endpoint: WebhookEndpointView; secret: string }> {
  const valid = parseInput(webhookEndpointSchema, input);
  await checkUrl(valid.url);
  const secret = newWebhookSecret();
  const now = nowIso();
  const row = {
    id: crypto.randomUUID(),
    name: valid.name,
    url: valid.url,
    events: JSON.stringify(valid.events),
    format: valid.format,
    secret: sealSecret(secret, getConfig().authSecret),
    active: valid.active,
    created_at: now,
    updated_at: now,
  };
  await db.transaction().execute(async (trx) => {
    const { count } = await trx
      .selectFrom("webhook_endpoints")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    if (Number(count) >= WEBHOOK_LIMITS.endpoints)
      throw new ServiceError("conflict", `There are already ${WEBHOOK_LIMITS.endpoints} webhooks: remove one first.`);
    await trx.insertInto("webhook_endpoints").values(row).execute();
    await writeAuditBy(trx, actor, {
      action: "webhook.created",
      target: auditTarget(row.name),
      details: { id: row.id, host: hostOf(row.url), events: valid.events, format: valid.format, active: valid.active },
    });
  });
  return { endpoint: endpointView(row), secret };
}

export async function updateEndpoint(
  db: DB,
  id: string,
  patch: unknown,
  actor: AuditActor,
): Promise<WebhookEndpointView> {
  const valid = parseInput(webhookEndpointPatchSchema, patch);
  if (valid.url !== undefined) await checkUrl(valid.url);
  return db.transaction().execute(async (trx) => {
    const before = endpointView(await findEndpoint(trx, id));
    const changed = (Object.keys(valid) as Array<keyof typeof valid>).filter(
      (key) => valid[key] !== undefined && JSON.stringify(valid[key]) !== JSON.stringify(before[key]),
    );
    if (!changed.length) return before;
    await trx
      .updateTable("webhook_endpoints")
      .set({
        ...(valid.name !== undefined ? { name: valid.name } : {}),
        ...(valid.url !== undefined ? { url: valid.url } : {}),
        ...(valid.events !== undefined ? { events: JSON.stringify(valid.events) } : {}),
        ...(valid.format !== undefined ? { format: valid.format } : {}),
        ...(valid.active !== undefined ? { active: valid.active } : {}),
        updated_at: nowIso(),
      })
      .where("id", "=", id)
      .execute();
    const after = endpointView(await findEndpoint(trx, id));
    await writeAuditBy(trx, actor, {
      action: "webhook.updated",
      target: auditTarget(after.name),
      details: { id, changed, host: hostOf(after.url) },
    });
    return after;
  });
}

/** Removes the endpoint and its delivery log. */
export async function deleteEndpoint(db: DB, id: string, actor: AuditActor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await findEndpoint(trx, id);
    await trx.deleteFrom("webhook_endpoints").where("id", "=", id).execute();
    await writeAuditBy(trx, actor, {
      action: "webhook.deleted",
      target: auditTarget(row.name),
      details: { id, host: hostOf(row.url) },
    });
  });
}

/** A new signing secret (the old one stops working at once); returned this once. */
export async function rotateSecret(db: DB, id: string, actor: AuditActor): Promise<string> {
  const secret = newWebhookSecret();
  await db.transaction().execute(async (trx) => {
    const row = await findEndpoint(trx, id);
    await trx
      .updateTable("webhook_endpoints")
      .set({ secret: sealSecret(secret, getConfig().authSecret), updated_at: nowIso() })
      .where("id", "=", id)
      .execute();
    await writeAuditBy(trx, actor, {
      action: "webhook.secret_rotated",
      target: auditTarget(row.name),
      details: { id },
    });
  });
  return secret;
}
