import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRIVACY_REQUEST_CHOICES } from "@common/forms";
import { apiCall, getPage, startStaffServer, type StaffServer } from "../support/auth";
import { dbKinds } from "../support/db";
import { postPrivacyRequest } from "../support/privacy";
import type { TestServer } from "../support/server";
import { linkIn, startTestSmtp, type TestSmtp } from "../support/smtp";

/**
 * A privacy request held as spam (sent without JavaScript: no proof of work, decision 0051)
 * passed the field checks and is kept whole, but has no request and no confirmation mail
 * while held. Restored by staff, it gets them (the privacy hook, as storing it would have
 * run) and, like any privacy request, makes no contact. Restoring it a second time (after
 * marking it spam again) makes no second request.
 */
describe.each(dbKinds())("a held privacy request restored on %s", (kind) => {
  let staff: StaffServer;
  let server: TestServer;
  let smtp: TestSmtp;
  const EMAIL = "sky.harper@example.com";

  beforeAll(async () => {
    smtp = await startTestSmtp();
    staff = await startStaffServer(kind, { SMTP_URL: smtp.url });
    server = staff.server;
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  const db = () => server.database.db;
  const submission = () =>
    db()
      .selectFrom("submissions")
      .selectAll()
      .where((eb) => eb(eb.fn("lower", ["email"]), "=", EMAIL))
      .executeTakeFirstOrThrow();
  const requestRows = () => db().selectFrom("privacy_requests").selectAll().where("email", "=", EMAIL).execute();
  const contacts = () =>
    db()
      .selectFrom("contacts")
      .select("id")
      .where((eb) => eb(eb.fn("lower", ["email"]), "=", EMAIL))
      .execute();
  const setSpam = (formId: string, id: string, spam: boolean) =>
    apiCall(server, "PATCH", `/api/admin/forms/${formId}/submissions/${id}`, staff.adminCookie, { spam });

  it("is held with no request, job or mail while in the spam tab", async () => {
    const res = await postPrivacyRequest(
      server,
      "Sky.Harper@Example.com",
      PRIVACY_REQUEST_CHOICES.delete,
      undefined,
      false,
    );
    expect(res.status).toBe(200);
    const held = await submission();
    expect(held).toMatchObject({ spam_reason: "no-proof", contact_id: null, notify_status: "held" });
    expect(await requestRows()).toEqual([]);
    expect(await db().selectFrom("jobs").select("id").where("kind", "=", "privacy.verify-mail").execute()).toEqual([]);
    expect(smtp.mails.filter((m) => m.to.includes(EMAIL))).toEqual([]);
  });

  it("restored, it gets its request and the confirmation mail, and makes no contact", async () => {
    const held = await submission();
    const restored = await setSpam(held.form_id, held.id, false);
    expect(restored.status).toBe(200);
    const rows = await requestRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ submission_id: held.id, kind: "delete", status: "unverified" });
    const mail = await smtp.waitFor(EMAIL);
    expect(mail.text).toContain("delete the information we hold about you");
    const link = linkIn(mail, "/privacy-request/confirm");
    const page = await getPage(server, `${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Confirm my request");
    const after = await submission();
    expect(Boolean(after.spam)).toBe(false);
    expect(after.contact_id).toBeNull();
    expect(after.notify_status).not.toBe("held");
    expect(await contacts()).toEqual([]);
    expect(await db().selectFrom("webhook_deliveries").select("id").execute()).toEqual([]);
  });

  it("marked spam and restored again, it makes no second request, mail or contact", async () => {
    const s = await submission();
    const toRequester = () => smtp.mails.filter((m) => m.to.includes(EMAIL)).length;
    const mails = toRequester();
    expect((await setSpam(s.form_id, s.id, true)).status).toBe(200);
    expect((await setSpam(s.form_id, s.id, false)).status).toBe(200);
    expect(await requestRows()).toHaveLength(1);
    expect(await db().selectFrom("jobs").select("id").where("kind", "=", "privacy.verify-mail").execute()).toHaveLength(
      1,
    );
    expect(toRequester()).toBe(mails);
    expect(await contacts()).toEqual([]);
  });
});
