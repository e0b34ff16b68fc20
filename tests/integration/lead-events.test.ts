import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, startStaffServer, type StaffServer } from "../support/auth";
import { dbKinds } from "../support/db";
import { leadForm, newIp } from "../support/lead-forms";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

/**
 * A lead's events reach the outgoing webhooks subscribed to them (issue 21): submission.received
 * when a form's post is stored (server/forms/submissions.ts, committed with it), and
 * contact.status_changed when staff move the contact (server/contacts/pipeline.ts).
 */
describe.each(dbKinds())("lead events on %s", (kind) => {
  let staff: StaffServer;
  let receiver: WebhookReceiver;
  const call = (method: string, url: string, body?: unknown) =>
    apiCall(staff.server, method, `/api/admin/${url}`, staff.adminCookie, body);
  const events = () => receiver.received.map((r) => JSON.parse(r.body) as { type: string; data: any });

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    staff = await startStaffServer(kind, { WEBHOOKS_ALLOW_LOCAL: "1" });
    const added = await call("POST", "integrations", {
      name: "Team chat",
      url: receiver.url,
      events: ["submission.received", "contact.status_changed"],
      format: "standard",
      active: true,
    });
    expect(added.status, await added.clone().text()).toBe(201);
  });
  afterAll(async () => {
    await staff?.server.stop();
    await receiver?.close();
  });

  it("sends submission.received for a Free Analysis post, then contact.status_changed for its contact", async () => {
    const posted = await fetch(`${staff.server.url}/contact`, {
      method: "POST",
      body: leadForm({ email: "events@example.com", name: "Eva Lopez", businessName: "Lopez Tacos" }),
      headers: { "x-forwarded-for": newIp() },
    });
    expect(posted.status).toBe(200);
    await expect.poll(() => events().map((e) => e.type), { timeout: 20_000 }).toContain("submission.received");
    const received = events().find((e) => e.type === "submission.received")!.data;
    expect(received).toMatchObject({
      name: "Eva Lopez",
      email: "events@example.com",
      businessName: "Lopez Tacos",
      formName: expect.any(String),
    });
    expect(received.contactId).toEqual(expect.any(String));
    expect(received.submissionId).toEqual(expect.any(String));

    const moved = await call("PUT", `contacts/${received.contactId}/status`, { status: "contacted" });
    expect(moved.status, await moved.clone().text()).toBe(200);
    await expect.poll(() => events().map((e) => e.type), { timeout: 20_000 }).toContain("contact.status_changed");
    expect(events().find((e) => e.type === "contact.status_changed")!.data).toMatchObject({
      contactId: received.contactId,
      email: "events@example.com",
      from: "new",
      to: "contacted",
      changedBy: expect.stringContaining("@"),
    });
    // Setting the same status again changes nothing and sends nothing.
    await call("PUT", `contacts/${received.contactId}/status`, { status: "contacted" });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(events().filter((e) => e.type === "contact.status_changed")).toHaveLength(1);
  });
});
