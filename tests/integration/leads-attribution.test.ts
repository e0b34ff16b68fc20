import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createForm } from "@server/forms/definitions";
import { dbKinds } from "../support/db";
import { everyTypeForm, leadForm, partnerAnswers } from "../support/lead-forms";
import { startTestServer, type TestServer } from "../support/server";

/**
 * First-touch attribution on both databases. Form pages come from the page cache and are
 * shared by every visitor, so they carry nothing of the request that rendered them; the
 * browser posts where the visit began (hidden inputs it fills), and a post without them (no
 * JavaScript) is attributed to the form page's own URL, from the post's Referer.
 */
describe.each(dbKinds())("first-touch attribution on %s", (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ db: kind, env: { CONTACT_RATE_LIMIT: "100", CONTACT_MIN_SUBMIT_SECONDS: "1" } });
    await createForm(server.database.db, { id: "test", email: "test@meritum.test" }, everyTypeForm("partners"), {
      mayChangeRecipients: true,
    });
  });
  afterAll(() => server?.stop());

  const db = () => server.database.db;
  const contactOf = (email: string) =>
    db().selectFrom("contacts").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
  const submissionsOf = (email: string) =>
    db().selectFrom("submissions").selectAll().where("email", "=", email).orderBy("created_at").execute();
  async function post(path: string, body: FormData, referer?: string) {
    const res = await fetch(`${server.url}${path}`, {
      method: "POST",
      body,
      headers: referer ? { referer } : {},
    });
    expect(res.status).toBe(200);
    await res.text();
  }

  it("serves every visitor the same cached form page, with no one's referrer or landing page in it", async () => {
    for (const path of ["/contact", "/forms/partners", "/contact?utm_source=spring-mailing"]) {
      const visit = async (referer: string) => {
        const res = await fetch(`${server.url}${path}`, { headers: { referer, "accept-encoding": "identity" } });
        expect(res.status).toBe(200);
        return { cache: res.headers.get("x-page-cache"), html: await res.text() };
      };
      const first = await visit("https://first-visitor.example/private?q=secret");
      const second = await visit("https://second-visitor.example/");
      expect([first.cache, second.cache]).toEqual(["miss", "hit"]);
      expect(second.html).toBe(first.html);
      for (const html of [first.html, second.html]) {
        expect(html).not.toContain("first-visitor.example");
        expect(html).not.toContain("second-visitor.example");
        expect(html).not.toMatch(/name="_(landing|referrer|utm_source|utm_medium|utm_campaign)"/);
      }
    }
  });

  it("stores the attribution a post carries on the submission and as the contact's first touch", async () => {
    const touch = {
      _landing: "/resources/blog/how-to-read-a-merchant-statement?utm_source=google",
      _referrer: "https://www.google.com/",
      _utm_source: "google",
      _utm_medium: "cpc",
      _utm_campaign: "statements",
    };
    await post("/contact", leadForm({ email: "first.touch@example.com", ...touch }));
    expect(await contactOf("first.touch@example.com")).toMatchObject({
      first_landing_page: touch._landing,
      first_referrer: touch._referrer,
      first_utm_source: "google",
      first_utm_medium: "cpc",
      first_utm_campaign: "statements",
    });

    // A later visit is recorded on its submission; the contact keeps its first touch.
    await post(
      "/forms/partners",
      partnerAnswers({
        email: "first.touch@example.com",
        _landing: "/forms/partners?utm_source=newsletter",
        _referrer: "",
        _utm_source: "newsletter",
        _utm_medium: "email",
        _utm_campaign: "",
      }),
    );
    const [, later] = await submissionsOf("first.touch@example.com");
    expect(later).toMatchObject({
      landing_page: "/forms/partners?utm_source=newsletter",
      referrer: null,
      utm_source: "newsletter",
      utm_medium: "email",
      utm_campaign: null,
    });
    expect(await contactOf("first.touch@example.com")).toMatchObject({
      submission_count: 2,
      first_landing_page: touch._landing,
      first_utm_source: "google",
    });
  });

  it("without JavaScript, attributes a post to the form page's own URL (from the post's Referer), never another site's", async () => {
    await post(
      "/contact?utm_source=flyer",
      leadForm({ email: "no.script@example.com" }),
      `${server.url}/contact?utm_source=flyer&utm_medium=print&utm_campaign=fall`,
    );
    expect(await contactOf("no.script@example.com")).toMatchObject({
      first_landing_page: "/contact?utm_source=flyer&utm_medium=print&utm_campaign=fall",
      first_referrer: null,
      first_utm_source: "flyer",
      first_utm_medium: "print",
      first_utm_campaign: "fall",
    });

    const noTouch = Object.fromEntries(
      ["_landing", "_referrer", "_utm_source", "_utm_medium", "_utm_campaign"].map((k) => [k, null]),
    );
    await post(
      "/forms/partners",
      partnerAnswers({ email: "elsewhere@example.com", ...noTouch }),
      "https://evil.example/forms/partners?utm_source=forged",
    );
    expect(await contactOf("elsewhere@example.com")).toMatchObject({
      first_landing_page: null,
      first_referrer: null,
      first_utm_source: null,
    });
  });
});
