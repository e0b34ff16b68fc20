import express from "express";
import { apiActor } from "../auth/express";
import { getDb } from "../db";
import { sendSuccess } from "../http/api-errors";
import { kickJobs } from "../jobs/jobs";
import { listDeliveries, resendDelivery, sendTestEvent, type WebhookDeliveryView } from "./deliveries";
import {
  createEndpoint,
  deleteEndpoint,
  listEndpoints,
  rotateSecret,
  updateEndpoint,
  type WebhookEndpointView,
} from "./endpoints";

/**
 * /api/admin/integrations (the "integrations" permission: admins only): outgoing webhooks,
 * their delivery log, "Send test event" and "Resend". A signing secret is in the answer to
 * creating a webhook and to asking for a new secret, and nowhere else.
 */
/** GET /api/admin/integrations */
export interface IntegrationsResponse {
  endpoints: WebhookEndpointView[];
}
/** GET /api/admin/integrations/deliveries?endpoint=&page= */
export interface DeliveriesResponse {
  rows: WebhookDeliveryView[];
  total: number;
  page: number;
  pageSize: number;
}
/** The data of POST / and POST /:id/secret. */
export interface WebhookSecretResult {
  endpoint?: WebhookEndpointView;
  secret: string;
}

export function integrationsApi() {
  const router = express.Router();

  router.get("/", async (_req, res) => {
    const body: IntegrationsResponse = { endpoints: await listEndpoints(getDb()) };
    res.json(body);
  });

  router.get("/deliveries", async (req, res) => {
    const body: DeliveriesResponse = await listDeliveries(getDb(), req.query);
    res.json(body);
  });

  router.post("/deliveries/:id/resend", async (req, res) => {
    await resendDelivery(getDb(), req.params.id, apiActor(req, res));
    kickJobs();
    sendSuccess(res, { message: "Sending it again. The log shows the outcome." });
  });

  router.post("/", async (req, res) => {
    const created = await createEndpoint(getDb(), req.body ?? {}, apiActor(req, res));
    const data: WebhookSecretResult = created;
    sendSuccess(res, { message: `Webhook “${created.endpoint.name}” added.`, data }, 201);
  });

  router.patch("/:id", async (req, res) => {
    const endpoint = await updateEndpoint(getDb(), req.params.id, req.body ?? {}, apiActor(req, res));
    sendSuccess(res, { message: `Webhook “${endpoint.name}” saved.`, data: { endpoint } });
  });

  router.delete("/:id", async (req, res) => {
    await deleteEndpoint(getDb(), req.params.id, apiActor(req, res));
    sendSuccess(res, { message: "Webhook removed, with its delivery log." });
  });

  router.post("/:id/secret", async (req, res) => {
    const secret = await rotateSecret(getDb(), req.params.id, apiActor(req, res));
    const data: WebhookSecretResult = { secret };
    sendSuccess(res, { message: "New signing secret made. The old one no longer signs.", data });
  });

  router.post("/:id/test", async (req, res) => {
    const deliveryId = await sendTestEvent(getDb(), req.params.id, apiActor(req, res));
    kickJobs();
    sendSuccess(res, { message: "Test event sent. The log shows the outcome.", data: { deliveryId } });
  });

  return router;
}
