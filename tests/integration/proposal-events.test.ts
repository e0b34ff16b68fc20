import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, startStaffServer, type StaffServer } from "../support/auth";
import { dbKinds } from "../support/db";
import { storeFreeAnalysis } from "../support/lead-forms";
import { startTestSmtp, type TestSmtp } from "../support/smtp";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

/**
 * A proposal's events reach the outgoing webhooks subscribed to them (server/proposals/events.ts,
 * decision 0043): proposal.sent when staff send it, proposal.accepted when the merchant accepts,
 * signed, with who and the savings in cents, never the merchant's private link.
 */
const STATEMENT = { statementMonth: "2026-10", volume: "20,000.00", transactions: "500", fees: "570.00" };

describe.each(dbKinds())("proposal events on %s", (kind) => {
  let staff: StaffServer;
  let smtp: TestSmtp;
  let receiver: WebhookReceiver;
  const call = (method: string, url: string, body?: unknown) =>
    apiCall(staff.server, method, `/api/admin/${url}`, staff.adminCookie, body);

  beforeAll(async () => {
    smtp = await startTestSmtp();
    receiver = await startWebhookReceiver();
    staff = await startStaffServer(kind, { SMTP_URL: smtp.url, WEBHOOKS_ALLOW_LOCAL: "1" });
  });
  afterAll(async () => {
    await staff?.server.stop();
    await smtp?.close();
    await receiver?.close();
  });

  it("sends proposal.sent and proposal.accepted to the webhooks subscribed to them, without the link", async () => {
    const added = await call("POST", "integrations", {
      name: "Sales chat",
      url: receiver.url,
      events: ["proposal.sent", "proposal.accepted"],
      format: "standard",
      active: true,
    });
    expect(added.status, await added.clone().text()).toBe(201);
    const { contactId } = await storeFreeAnalysis(staff.server.database.db, {
      name: "Dana Ruiz",
      email: "webhook@example.com",
    });
    const sent = await call("POST", `contacts/proposals/contact/${contactId}/send`, STATEMENT);
    expect(sent.status, await sent.clone().text()).toBe(201);
    const mail = await smtp.waitFor("webhook@example.com", { match: (m) => m.text.includes("/proposals/") });
    const token = /\/proposals\/([A-Za-z0-9_-]{43})\b/.exec(mail.text)![1]!;
    const accepted = await fetch(`${staff.server.url}/proposals/${token}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: staff.server.url,
        "User-Agent":
          "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36",
      },
      body: "",
    });
    expect(accepted.status).toBe(200);

    const events = () => receiver.received.map((r) => JSON.parse(r.body) as { type: string; data: any });
    await expect
      .poll(() => events().map((e) => e.type), { timeout: 20_000 })
      .toEqual(expect.arrayContaining(["proposal.sent", "proposal.accepted"]));
    expect(events().find((e) => e.type === "proposal.accepted")!.data).toMatchObject({
      contactId,
      email: "webhook@example.com",
      name: "Dana Ruiz",
      monthlySavingsCents: 8000,
      annualSavingsCents: 96000,
    });
    for (const r of receiver.received) {
      expect(r.body).not.toContain(token);
      expect(r.headers["webhook-signature"]).toMatch(/^v1,/);
    }
  });
});
