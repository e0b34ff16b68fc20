import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSENT_CSV_COLUMNS } from "@common/consent";
import { CONSENT_TEXT } from "@common/lead";
import { consentVersionOf, formVersionOf } from "@server/forms/consent";
import { getFreeAnalysisForm } from "@server/forms/definitions";
import { apiCall, startStaffServer } from "../support/auth";
import { dbKinds } from "../support/db";
import { leadForm, newIp } from "../support/lead-forms";
import type { TestServer } from "../support/server";

/**
 * Consent evidence (decision 0049) over real HTTP on both databases: a Free Analysis post keeps
 * the text shown (once per version), its version, ticked, time, IP, user agent, page and form
 * version; changing the text makes a new version while the old submission keeps its own; both
 * CSV exports carry it; no write route changes it.
 */

/** The rows of a CSV export (the BOM dropped; every value quoted, quotes doubled). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (i < text.length) {
    let value = "";
    if (text[i] === '"') {
      i += 1;
      while (i < text.length && !(text[i] === '"' && text[i + 1] !== '"')) {
        value += text[i];
        i += text[i] === '"' ? 2 : 1;
      }
      i += 1;
    } else while (i < text.length && text[i] !== "," && text[i] !== "\r") value += text[i++];
    row.push(value);
    if (text[i] === ",") i += 1;
    else {
      rows.push(row);
      row = [];
      i += 2; // \r\n
    }
  }
  return rows;
}

const records = (text: string) => {
  const [header, ...rows] = parseCsv(text);
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ""])));
};

describe.each(dbKinds())("consent evidence on %s", (kind) => {
  let server: TestServer;
  let adminCookie: string;
  let editorCookie: string;
  const db = () => server.database.db;
  const api = (method: string, url: string, body?: unknown) => apiCall(server, method, url, adminCookie, body);
  const NEW_TEXT = "You may call, text or e-mail me about my statement analysis, including by automated means.";

  const post = async (email: string, headers: Record<string, string>) => {
    const res = await fetch(`${server.url}/contact`, {
      method: "POST",
      body: leadForm({ email }),
      headers: { "user-agent": "ConsentTest/1.0 (evidence)", ...headers },
    });
    expect(res.status).toBe(200);
    await res.text();
    return db()
      .selectFrom("submissions")
      .selectAll()
      .where("email", "=", email.toLowerCase())
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
  };
  const evidence = async (formId: string, id: string) =>
    (await (await api("GET", `/api/admin/forms/${formId}/submissions/${id}`)).json()).submission.consent;

  let first: Awaited<ReturnType<typeof post>>;
  let firstIp: string;

  beforeAll(async () => {
    ({ server, adminCookie, editorCookie } = await startStaffServer(kind, { CONTACT_RATE_LIMIT: "50" }));
    firstIp = newIp();
    first = await post("Casey@Consent.example", {
      "x-forwarded-for": firstIp,
      referer: `${server.url}/contact?from=calculator#free-analysis`,
    });
  });
  afterAll(() => server?.stop());

  it("keeps the text shown, its version, ticked, time, address, browser, page and form version", async () => {
    const form = await getFreeAnalysisForm(db());
    const version = consentVersionOf(CONSENT_TEXT);
    expect(first).toMatchObject({
      consent_version: version,
      page_url: `${server.url}/contact?from=calculator`,
      form_version: formVersionOf(form),
      client_ip: firstIp,
      user_agent: "ConsentTest/1.0 (evidence)",
    });
    expect(Boolean(first.consent)).toBe(true);
    expect(await db().selectFrom("consent_texts").selectAll().where("version", "=", version).execute()).toEqual([
      { version, text: CONSENT_TEXT, first_used_at: expect.any(String) },
    ]);
    const expected = {
      given: true,
      text: CONSENT_TEXT,
      version,
      at: first.created_at,
      ip: firstIp,
      userAgent: "ConsentTest/1.0 (evidence)",
      pageUrl: `${server.url}/contact?from=calculator`,
      formVersion: formVersionOf(form),
    };
    expect(await evidence(form.id, first.id)).toEqual(expected);
    // The contact's timeline shows the same.
    const contact = await (await api("GET", `/api/admin/contacts/${first.contact_id}`)).json();
    expect(contact.submissions[0].consent).toEqual(expected);
  });

  it("keeps no page from another site, or none when the browser sends none", async () => {
    const foreign = await post("foreign@consent.example", {
      "x-forwarded-for": newIp(),
      referer: "https://evil.example/contact",
    });
    expect(foreign.page_url).toBeNull();
    const none = await post("none@consent.example", { "x-forwarded-for": newIp() });
    expect(none.page_url).toBeNull();
    expect(none.consent_version).toBe(consentVersionOf(CONSENT_TEXT));
  });

  it("makes a new version when staff change the consent text; the old submission keeps its own", async () => {
    const before = await getFreeAnalysisForm(db());
    const oldEvidence = await evidence(before.id, first.id);
    const fields = before.fields.map((f) => (f.type === "consent" ? { ...f, label: NEW_TEXT } : f));
    expect((await api("PUT", `/api/admin/forms/${before.id}`, { ...before, fields })).status).toBe(200);
    const after = await getFreeAnalysisForm(db());
    expect(formVersionOf(after)).not.toBe(formVersionOf(before));

    const second = await post("casey@consent.example", {
      "x-forwarded-for": newIp(),
      referer: `${server.url}/contact`,
    });
    expect(second.contact_id).toBe(first.contact_id);
    expect(second.consent_version).toBe(consentVersionOf(NEW_TEXT));
    expect(second.form_version).toBe(formVersionOf(after));
    expect(await evidence(after.id, second.id)).toMatchObject({ text: NEW_TEXT, version: consentVersionOf(NEW_TEXT) });
    // The first keeps what it agreed to.
    expect(await evidence(after.id, first.id)).toEqual(oldEvidence);
    const texts = await db().selectFrom("consent_texts").select(["version", "text"]).orderBy("first_used_at").execute();
    expect(texts).toEqual([
      { version: consentVersionOf(CONSENT_TEXT), text: CONSENT_TEXT },
      { version: consentVersionOf(NEW_TEXT), text: NEW_TEXT },
    ]);
  });

  it("puts the evidence in the submissions export and the contacts export", async () => {
    const form = await getFreeAnalysisForm(db());
    const headers = CONSENT_CSV_COLUMNS.map((c) => c.header);
    const submissions = records(await (await api("GET", `/api/admin/forms/${form.id}/export?tab=unread`)).text());
    const row = submissions.find((r) => r["Submission ID"] === first.id)!;
    expect(Object.keys(row)).toEqual(expect.arrayContaining(headers));
    expect(row).toMatchObject({
      "Consent given": "yes",
      "Consent text": CONSENT_TEXT,
      "Consent text version": consentVersionOf(CONSENT_TEXT),
      "Consent time (UTC)": first.created_at,
      "Consent IP address": firstIp,
      "Consent user agent": "ConsentTest/1.0 (evidence)",
      "Consent page": `${server.url}/contact?from=calculator`,
      "Form version": first.form_version,
    });
    // The contacts export: each contact's latest evidence (Casey agreed to the new text last).
    const contacts = records(await (await api("GET", "/api/admin/contacts/export.csv")).text());
    const casey = contacts.find((r) => r["E-mail"] === "casey@consent.example")!;
    expect(casey).toMatchObject({
      "Consent given": "yes",
      "Consent text": NEW_TEXT,
      "Consent text version": consentVersionOf(NEW_TEXT),
    });
  });

  it("is changed by no write route", async () => {
    const form = await getFreeAnalysisForm(db());
    const url = `/api/admin/forms/${form.id}/submissions/${first.id}`;
    const kept = await evidence(form.id, first.id);
    const forged = {
      consent: false,
      consentVersion: "0000000000000000",
      consent_version: "0000000000000000",
      pageUrl: "https://evil.example/",
      formVersion: "forged",
      text: "I agree to nothing.",
    };
    // The submission's own routes: the evidence is nothing they take (refused alone, ignored beside a change).
    expect((await api("PATCH", url, forged)).status).toBe(400);
    for (const change of [{ read: true }, { spam: true }, { spam: false }, { read: false }])
      expect((await api("PATCH", url, { ...forged, ...change })).status).toBe(200);
    expect((await api("POST", `${url}/notification`, forged)).status).toBeLessThan(500);
    expect((await api("PUT", `${url}`, forged)).status).toBe(404);
    expect(
      (await api("PATCH", `/api/admin/contacts/${first.contact_id}`, { ...forged, name: "Casey R." })).status,
    ).toBeLessThan(500);
    // A change to the form's consent text after the fact.
    const fields = form.fields.map((f) => (f.type === "consent" ? { ...f, label: "I agree to nothing." } : f));
    expect((await api("PUT", `/api/admin/forms/${form.id}`, { ...form, fields })).status).toBe(200);
    expect(await evidence(form.id, first.id)).toEqual(kept);
    expect(
      await db()
        .selectFrom("consent_texts")
        .select("text")
        .where("version", "=", kept.version)
        .executeTakeFirstOrThrow(),
    ).toEqual({ text: CONSENT_TEXT });
  });

  it("previews the next retention run for admins, with the saved days or the days typed", async () => {
    const saved = await (await api("GET", "/api/admin/settings/retention")).json();
    expect(saved).toMatchObject({ spamSubmissions: 0, statements: 0, spamDays: 30, statementDays: 365 });
    expect(Date.parse(saved.nextRunAt)).toBeGreaterThan(Date.now());
    const typed = await (await api("GET", "/api/admin/settings/retention?spamDays=1&statementDays=2")).json();
    expect(typed).toMatchObject({ spamDays: 1, statementDays: 2 });
    const bad = await api("GET", "/api/admin/settings/retention?spamDays=0");
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("Spam days must be at least 1 day.");
    const editor = await apiCall(server, "GET", "/api/admin/settings/retention", editorCookie);
    expect(editor.status).toBe(403);
  });

  it("has no server code that updates the evidence columns or the stored texts", () => {
    const root = path.resolve(import.meta.dirname, "../../server");
    const sources = fs
      .readdirSync(root, { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".ts") && !f.includes("migrations"))
      .map((f) => [f, fs.readFileSync(path.join(root, f), "utf8")] as const);
    const evidenceColumn = /\b(consent|consent_version|page_url|form_version|client_ip|user_agent|created_at)\s*:/;
    for (const [file, source] of sources) {
      expect(source, file).not.toMatch(/(updateTable|deleteFrom)\(\s*"consent_texts"/);
      for (const update of source.split(/updateTable\(\s*"submissions"\s*\)/).slice(1)) {
        const set = update.slice(0, update.indexOf(".where("));
        expect(set, `${file}: an update of submissions`).not.toMatch(evidenceColumn);
      }
    }
  });
});
