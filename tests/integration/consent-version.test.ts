import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSENT_TEXT } from "@common/lead";
import { consentVersionOf } from "@server/forms/consent";
import { getFreeAnalysisForm, seedForms } from "@server/forms/definitions";
import { apiCall, startStaffServer } from "../support/auth";
import { dbKinds } from "../support/db";
import { everyTypeForm, formToken, leadForm, newIp, partnerAnswers } from "../support/lead-forms";
import type { TestServer } from "../support/server";

/**
 * The consent text a post is recorded with is the one its page showed (decision 0049): every
 * text is on record when a definition is saved or seeded, the page carries its version in the
 * hidden `consentVersion`, and a post from a page opened before staff changed the text keeps the
 * old text; a version the form never showed (or showed too long ago) is recorded as the current.
 */
describe.each(dbKinds())("the consent text version a page showed, on %s", (kind) => {
  let server: TestServer;
  let adminCookie: string;
  const db = () => server.database.db;
  const api = (method: string, url: string, body?: unknown) => apiCall(server, method, url, adminCookie, body);
  const TEXT_A = CONSENT_TEXT;
  const TEXT_B =
    "You may call or text me about my analysis, including by automated means. Consent is not required to buy.";
  const A = consentVersionOf(TEXT_A);
  const B = consentVersionOf(TEXT_B);

  /** The page as a visitor gets it: its hidden consent version and whether it shows the text. */
  const page = async (path: string) => {
    const html = await (await fetch(`${server.url}${path}`)).text();
    const hidden = [...html.matchAll(/<input[^>]*name="consentVersion"[^>]*>/g)].map(
      (m) => /value="([^"]*)"/.exec(m[0])?.[1],
    );
    return { hidden, html };
  };
  /** A Free Analysis post, as from a page that showed `version` (none: a page from before). */
  const postLead = async (email: string, fields: Record<string, string | null> = {}) => {
    const res = await fetch(`${server.url}/contact`, {
      method: "POST",
      body: leadForm({ email, ...fields }),
      headers: { "x-forwarded-for": newIp(), referer: `${server.url}/contact` },
    });
    expect(res.status).toBe(200);
    await res.text();
    return db()
      .selectFrom("submissions")
      .select(["id", "consent_version", "spam", "form_id"])
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
  };
  const evidence = async (formId: string, id: string) =>
    (await (await api("GET", `/api/admin/forms/${formId}/submissions/${id}`)).json()).submission.consent;
  const shownBy = (formId: string) =>
    db()
      .selectFrom("form_consent_texts")
      .select(["version", "replaced_at"])
      .where("form_id", "=", formId)
      .orderBy("first_shown_at")
      .orderBy("version")
      .execute();
  const setConsentText = async (text: string) => {
    const form = await getFreeAnalysisForm(db());
    const fields = form.fields.map((f) => (f.type === "consent" ? { ...f, label: text } : f));
    expect((await api("PUT", `/api/admin/forms/${form.id}`, { ...form, fields })).status).toBe(200);
    return form.id;
  };

  let oldPage: Awaited<ReturnType<typeof page>>;
  let formId: string;

  beforeAll(async () => {
    ({ server, adminCookie } = await startStaffServer(kind, { CONTACT_RATE_LIMIT: "50" }));
    formId = (await getFreeAnalysisForm(db())).id;
    // A visitor opens /contact while the text is A (the page is cached from here on).
    oldPage = await page("/contact");
  });
  afterAll(() => server?.stop());

  it("has the seeded form's text on record before anyone posts, and the page carries its version", async () => {
    expect(oldPage.hidden).toEqual([A]);
    expect(oldPage.html).toContain(TEXT_A.slice(0, 40));
    expect(await db().selectFrom("submissions").select("id").execute()).toEqual([]);
    expect(await db().selectFrom("consent_texts").select(["version", "text"]).execute()).toEqual([
      { version: A, text: TEXT_A },
    ]);
    expect(await shownBy(formId)).toEqual([{ version: A, replaced_at: null }]);
  });

  it("stores the new text when staff save it, and the page shows it and its version at once", async () => {
    await setConsentText(TEXT_B);
    expect(
      await db().selectFrom("consent_texts").select("text").where("version", "=", B).executeTakeFirstOrThrow(),
    ).toEqual({ text: TEXT_B });
    const shown = await shownBy(formId);
    expect(shown).toEqual([
      { version: A, replaced_at: expect.anything() },
      { version: B, replaced_at: null },
    ]);
    const now = await page("/contact");
    expect(now.hidden).toEqual([B]);
    expect(now.html).toContain(TEXT_B.slice(0, 40));
    // Saving again without a change keeps the record as it is.
    await setConsentText(TEXT_B);
    expect(await shownBy(formId)).toEqual(shown);
  });

  it("records the post from the page opened before the change with the text that page showed", async () => {
    const old = await postLead("old-tab@consent.example", { consentVersion: oldPage.hidden[0]! });
    expect(old.consent_version).toBe(A);
    expect(await evidence(formId, old.id)).toMatchObject({ given: true, text: TEXT_A, version: A });
  });

  it("records a new page's post, and a post without a version, with the current text", async () => {
    const fresh = await postLead("new-tab@consent.example", { consentVersion: B });
    expect(fresh.consent_version).toBe(B);
    expect(await evidence(formId, fresh.id)).toMatchObject({ text: TEXT_B, version: B });
    expect((await postLead("no-version@consent.example")).consent_version).toBe(B);
  });

  it("never records a version the form did not show: forged, malformed or another form's", async () => {
    const other = await api("POST", "/api/admin/forms", everyTypeForm("consent-partners"));
    expect(other.status).toBe(201);
    const partners = (await other.json()).data;
    const C = consentVersionOf("You may contact me about this.");
    // Stored when the form was created, before any post; its page carries it.
    expect(await shownBy(partners.id)).toEqual([{ version: C, replaced_at: null }]);
    expect((await page("/forms/consent-partners")).hidden).toEqual([C]);
    for (const [email, forged] of [
      ["forged@consent.example", "0000000000000000"],
      ["malformed@consent.example", "' or 1=1 --"],
      ["other-form@consent.example", C],
      ["long@consent.example", `${A}${"f".repeat(5000)}`],
    ] as const) {
      const stored = await postLead(email, { consentVersion: forged });
      expect(stored.consent_version, email).toBe(B);
      expect(await evidence(formId, stored.id), email).toMatchObject({ text: TEXT_B, version: B });
    }
    // The staff form keeps its own: a post of its page's version is recorded with it.
    const res = await fetch(`${server.url}/forms/consent-partners`, {
      method: "POST",
      body: partnerAnswers({ email: "partner@consent.example", consentVersion: C }),
      headers: { "x-forwarded-for": newIp() },
    });
    expect(res.status).toBe(200);
    await res.text();
    const partner = await db()
      .selectFrom("submissions")
      .select("consent_version")
      .where("email", "=", "partner@consent.example")
      .executeTakeFirstOrThrow();
    expect(partner.consent_version).toBe(C);
  });

  it("keeps the shown version for a post held as spam", async () => {
    const held = await postLead("honeypot@consent.example", { consentVersion: A, referral_code: "SAVE20" });
    expect(Boolean(held.spam)).toBe(true);
    expect(held.consent_version).toBe(A);
    const tooFast = await postLead("too-fast@consent.example", { consentVersion: A, formToken: formToken(0) });
    expect(Boolean(tooFast.spam)).toBe(true);
    expect(tooFast.consent_version).toBe(A);
  });

  it("no longer takes a text replaced longer ago than a page can be posted", async () => {
    const longAgo = new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString();
    await db()
      .updateTable("form_consent_texts")
      .set({ replaced_at: longAgo })
      .where("form_id", "=", formId)
      .where("version", "=", A)
      .execute();
    expect((await postLead("stale-tab@consent.example", { consentVersion: A })).consent_version).toBe(B);
  });

  it("puts a form's text on record when seeded (forms from before the record, a text the code changed)", async () => {
    await db().deleteFrom("form_consent_texts").where("form_id", "=", formId).execute();
    await seedForms(db());
    await seedForms(db());
    expect(await shownBy(formId)).toEqual([{ version: B, replaced_at: null }]);
    // A form without a consent field shows none and has none on record.
    const privacy = await page("/forms/privacy-request");
    expect(privacy.hidden).toEqual([]);
  });
});
