import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emitEvent } from "@server/webhooks/deliveries";
import type { DeliveriesResponse, IntegrationsResponse } from "@server/webhooks/api";
import { apiCall, startStaffServer, type StaffServer } from "../support/auth";
import { dbKinds } from "../support/db";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

/**
 * Outgoing webhooks through the production build on both databases: a receiver started here
 * checks the Standard Webhooks signature with the reference library, answers 500 once and
 * gets the retry; the delivery log shows both attempts; emitEvent reaches the subscribed
 * endpoints only; Resend and the secret; editors are refused; the SSRF guard refuses
 * loopback, private, link-local and metadata addresses at save and at delivery.
 */
const lead = { contactId: "c-1", name: "Ava Chen", email: "ava@chenflorist.example", businessName: "Chen Florist" };

describe.each(dbKinds())("outgoing webhooks on %s", (kind) => {
  let staff: StaffServer;
  let receiver: WebhookReceiver;
  const admin = (method: string, path: string, body?: unknown) =>
    apiCall(staff.server, method, `/api/admin/integrations${path}`, staff.adminCookie, body);
  const deliveries = async (query = "") =>
    (await (await admin("GET", `/deliveries${query}`)).json()) as DeliveriesResponse;
  const settled = async (id: string) => {
    await expect
      .poll(async () => (await deliveries()).rows.find((row) => row.id === id)?.status, { timeout: 20_000 })
      .toMatch(/^(delivered|failed)$/);
    return (await deliveries()).rows.find((row) => row.id === id)!;
  };
  let endpointId: string;
  let secret: string;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    staff = await startStaffServer(kind, {
      WEBHOOKS_ALLOW_LOCAL: "1",
      WEBHOOK_RETRY_SECONDS: "1",
      WEBHOOK_MAX_ATTEMPTS: "3",
    });
  });
  afterAll(async () => {
    await staff?.server.stop();
    await receiver?.close();
  });

  it("adds a webhook and shows its secret once", async () => {
    const res = await admin("POST", "", {
      name: "Sales CRM",
      url: receiver.url,
      events: ["submission.received"],
      format: "standard",
      active: true,
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ ok: true, message: "Webhook “Sales CRM” added." });
    secret = body.data.secret;
    endpointId = body.data.endpoint.id;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(body.data.endpoint).not.toHaveProperty("secret");
    const list = await (await admin("GET", "")).text();
    expect(list).not.toContain(secret.slice(6));
    expect((JSON.parse(list) as IntegrationsResponse).endpoints).toMatchObject([
      { id: endpointId, name: "Sales CRM", url: receiver.url, events: ["submission.received"], active: true },
    ]);
    const stored = await staff.server.database.db
      .selectFrom("webhook_endpoints")
      .select("secret")
      .executeTakeFirstOrThrow();
    expect(stored.secret).not.toContain(secret.slice(6));
  });

  it("signs a test event, retries it after the receiver answers 500, and logs both attempts", async () => {
    receiver.answers.push(500);
    const res = await (await admin("POST", `/${endpointId}/test`)).json();
    expect(res).toMatchObject({ ok: true, message: "Test event sent. The log shows the outcome." });
    const deliveryId = res.data.deliveryId as string;
    const row = await settled(deliveryId);
    expect(row).toMatchObject({
      status: "delivered",
      attempts: 2,
      responseCode: 200,
      lastError: null,
      event: "webhook.test",
    });
    expect(row.log.map((attempt) => attempt.responseCode)).toEqual([200, 500]);
    expect(row.log[1]!.error).toBe("The receiver answered 500: receiver is down for a moment");

    expect(receiver.received.map((r) => r.status)).toEqual([500, 200]);
    for (const request of receiver.received) {
      expect(request.headers["webhook-id"]).toBe(deliveryId);
      expect(request.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
      expect(request.headers["content-type"]).toBe("application/json");
      // The reference library verifies the id, timestamp and HMAC-SHA256 over id.timestamp.body.
      expect(new Webhook(secret).verify(request.body, request.headers)).toMatchObject({
        type: "webhook.test",
        data: { endpointName: "Sales CRM" },
      });
    }
    expect(() =>
      new Webhook(secret).verify(receiver.received[1]!.body.replace("test", "tost"), receiver.received[1]!.headers),
    ).toThrow("No matching signature found");
  });

  it("queues an event for the endpoints that subscribe to it, in the caller's transaction", async () => {
    const slack = await admin("POST", "", {
      name: "Team chat",
      url: `${receiver.url}/slack`,
      events: ["contact.status_changed"],
      format: "slack",
      active: true,
    });
    const slackSecret = (await slack.json()).data.secret as string;
    const db = staff.server.database.db;
    receiver.received.length = 0;

    const data = { ...lead, submissionId: "s-1", formId: "f-1", formName: "Free Analysis" };
    const [submission] = await emitEvent(db, "submission.received", data);
    expect(submission).toMatch(/^msg_[0-9a-f]{32}$/);
    const changed = await emitEvent(db, "contact.status_changed", {
      ...lead,
      from: "new",
      to: "contacted",
      changedBy: "admin@meritum.test",
    });
    expect(changed).toHaveLength(1);
    // A rolled-back change sends nothing.
    await expect(
      db.transaction().execute(async (trx) => {
        await emitEvent(trx, "submission.received", data);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");

    expect((await settled(submission!)).status).toBe("delivered");
    expect((await settled(changed[0]!)).status).toBe("delivered");
    expect(receiver.received).toHaveLength(2);
    const standard = receiver.received.find((r) => r.headers["webhook-id"] === submission)!;
    expect(new Webhook(secret).verify(standard.body, standard.headers)).toEqual({
      type: "submission.received",
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      data,
    });
    const chat = receiver.received.find((r) => r.headers["webhook-id"] === changed[0])!;
    expect(new Webhook(slackSecret).verify(chat.body, chat.headers)).toEqual({
      text:
        "Ava Chen (Chen Florist) <mailto:ava@chenflorist.example|ava@chenflorist.example> moved from New to Contacted" +
        " by admin@meritum.test. <http://localhost/admin/contacts/c-1|Open the contact>",
    });
    expect((await deliveries(`?endpoint=${endpointId}`)).rows.every((r) => r.endpointId === endpointId)).toBe(true);
  });

  it("resends a delivery with the same webhook-id, and refuses while one is still being tried", async () => {
    const [first] = (await deliveries(`?endpoint=${endpointId}`)).rows;
    receiver.received.length = 0;
    const res = await admin("POST", `/deliveries/${first!.id}/resend`);
    expect(await res.json()).toMatchObject({ ok: true });
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
    expect(receiver.received[0]!.headers["webhook-id"]).toBe(first!.id);
    const again = await settled(first!.id);
    expect(again.attempts).toBe(first!.attempts + 1);

    await staff.server.database.db
      .updateTable("webhook_deliveries")
      .set({ status: "retrying" })
      .where("id", "=", first!.id)
      .execute();
    const busy = await admin("POST", `/deliveries/${first!.id}/resend`);
    expect(busy.status).toBe(409);
    expect((await admin("POST", "/deliveries/msg_nope/resend")).status).toBe(404);
  });

  it("gives up after WEBHOOK_MAX_ATTEMPTS and keeps the last error", async () => {
    receiver.answers.push(503, 503, 503);
    await admin("POST", `/${endpointId}/test`);
    const id = (await deliveries(`?endpoint=${endpointId}`)).rows[0]!.id;
    const row = await settled(id);
    expect(row).toMatchObject({ status: "failed", attempts: 3, responseCode: 503 });
    expect(row.lastError).toMatch(/^The receiver answered 503/);
  });

  it("replaces the secret: the next delivery is signed with the new one only", async () => {
    const res = await admin("POST", `/${endpointId}/secret`);
    const fresh = (await res.json()).data.secret as string;
    expect(fresh).not.toBe(secret);
    receiver.received.length = 0;
    await admin("POST", `/${endpointId}/test`);
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
    const request = receiver.received[0]!;
    expect(new Webhook(fresh).verify(request.body, request.headers)).toMatchObject({ type: "webhook.test" });
    expect(() => new Webhook(secret).verify(request.body, request.headers)).toThrow();
  });

  it("checks what it is given and audits every change without the secret", async () => {
    const bad = await admin("POST", "", { name: " ", url: "ftp://x", events: [], format: "xml", active: true });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields).toEqual({
      name: "Enter a name.",
      url: "Enter a full URL starting with https://.",
      events: "Choose at least one event.",
      format: "Choose JSON or Slack.",
    });
    expect((await admin("PATCH", `/${endpointId}`, { events: ["nope"] })).status).toBe(400);
    const off = await admin("PATCH", `/${endpointId}`, { active: false });
    expect(await off.json()).toMatchObject({ ok: true, data: { endpoint: { active: false } } });
    expect((await admin("POST", `/${endpointId}/test`)).status).toBe(409);
    expect((await admin("PATCH", "/nope", { active: true })).status).toBe(404);

    const audit = await staff.server.database.db
      .selectFrom("audit_log")
      .select(["action", "actor_email", "details"])
      .where("action", "like", "webhook.%")
      .execute();
    expect(new Set(audit.map((row) => row.action))).toEqual(
      new Set([
        "webhook.created",
        "webhook.test_sent",
        "webhook.delivery_resent",
        "webhook.secret_rotated",
        "webhook.updated",
      ]),
    );
    expect(audit.every((row) => row.actor_email === "admin@meritum.test")).toBe(true);
    expect(JSON.stringify(audit)).not.toContain("whsec_");

    const removed = await admin("DELETE", `/${endpointId}`);
    expect(await removed.json()).toMatchObject({ ok: true });
    expect((await deliveries(`?endpoint=${endpointId}`)).total).toBe(0);
  });

  it("is for admins only: editors get 403, anonymous 401, on every route", async () => {
    const routes: Array<[string, string]> = [
      ["GET", ""],
      ["GET", "/deliveries"],
      ["POST", ""],
      ["PATCH", "/x"],
      ["DELETE", "/x"],
      ["POST", "/x/secret"],
      ["POST", "/x/test"],
      ["POST", "/deliveries/x/resend"],
    ];
    for (const [method, path] of routes) {
      const body = method === "GET" || method === "DELETE" ? undefined : {};
      const url = `/api/admin/integrations${path}`;
      expect(
        (await apiCall(staff.server, method, url, staff.editorCookie, body)).status,
        `editor ${method} ${path}`,
      ).toBe(403);
      expect((await apiCall(staff.server, method, url, null, body)).status, `anonymous ${method} ${path}`).toBe(401);
    }
  });
});

describe.each(dbKinds())("the webhook SSRF guard on %s", (kind) => {
  let staff: StaffServer;
  let receiver: WebhookReceiver;
  const admin = (method: string, path: string, body?: unknown) =>
    apiCall(staff.server, method, `/api/admin/integrations${path}`, staff.adminCookie, body);
  const webhook = (url: string) => ({
    name: "Guarded",
    url,
    events: ["submission.received"],
    format: "standard",
    active: true,
  });

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    // No WEBHOOKS_ALLOW_LOCAL: https only, public addresses only.
    staff = await startStaffServer(kind, { WEBHOOK_RETRY_SECONDS: "1", WEBHOOK_MAX_ATTEMPTS: "1" });
  });
  afterAll(async () => {
    await staff?.server.stop();
    await receiver?.close();
  });

  it.each([
    ["https://127.0.0.1/hook", "127.0.0.1, a loopback address: webhooks may only call public addresses."],
    ["https://10.20.30.40/hook", "10.20.30.40, a private network address: webhooks may only call public addresses."],
    [
      "https://169.254.169.254/latest/meta-data/",
      "169.254.169.254, a cloud metadata address: webhooks may only call public addresses.",
    ],
    ["https://[::1]/hook", "::1, a loopback address: webhooks may only call public addresses."],
    ["https://localhost/hook", /^localhost resolves to (127\.0\.0\.1|::1), a loopback address/],
    ["http://hooks.example.com/in", "The URL must start with https://."],
  ])("refuses %s at save", async (url, message) => {
    const res = await admin("POST", "", webhook(url));
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error.code).toBe("validation");
    expect(error.fields.url).toMatch(message);
  });

  it("refuses a changed URL, and refuses at delivery an address that became private", async () => {
    // A public address literal saves without DNS (nothing is sent to it here).
    const created = await (await admin("POST", "", webhook("https://93.184.215.14/hook"))).json();
    const id = created.data.endpoint.id as string;
    const changed = await admin("PATCH", `/${id}`, { url: "https://localhost:8443/hook" });
    expect(changed.status).toBe(400);
    expect((await changed.json()).error.fields.url).toMatch(/a loopback address/);
    expect(
      (await staff.server.database.db.selectFrom("webhook_endpoints").select("url").executeTakeFirstOrThrow()).url,
    ).toBe("https://93.184.215.14/hook");

    // As if the name had come to resolve to the receiver on loopback after it was saved.
    await staff.server.database.db
      .updateTable("webhook_endpoints")
      .set({ url: `https://127.0.0.1:${receiver.port}/hook` })
      .where("id", "=", id)
      .execute();
    await admin("POST", `/${id}/test`);
    await expect
      .poll(async () => ((await (await admin("GET", "/deliveries")).json()) as DeliveriesResponse).rows[0]?.status, {
        timeout: 15_000,
      })
      .toBe("failed");
    const [row] = ((await (await admin("GET", "/deliveries")).json()) as DeliveriesResponse).rows;
    expect(row!.lastError).toBe("Not sent: 127.0.0.1, a loopback address: webhooks may only call public addresses.");
    expect(row!.responseCode).toBeNull();
    expect(receiver.received).toEqual([]);
  });
});
