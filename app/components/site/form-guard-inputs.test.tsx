import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { fetchFormToken, FormGuardInputs } from "./form-guard-inputs";

const answer = (status: number, body: unknown) =>
  (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

describe("fetchFormToken", () => {
  it("asks /api/form-token for a token issued now", async () => {
    const asked: string[] = [];
    const fake = (async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify({ token: "1700000000000.abc" }), { status: 200 });
    }) as unknown as typeof fetch;
    expect(await fetchFormToken(fake)).toBe("1700000000000.abc");
    expect(asked).toEqual(["/api/form-token"]);
  });

  it("gives nothing (the page's token stands) when the answer is an error, malformed, or never comes", async () => {
    expect(await fetchFormToken(answer(503, { error: { code: "internal" } }))).toBeUndefined();
    expect(await fetchFormToken(answer(200, { token: 42 }))).toBeUndefined();
    expect(await fetchFormToken(answer(200, null))).toBeUndefined();
    const offline = (async () => {
      throw new TypeError("fetch failed");
    }) as unknown as typeof fetch;
    expect(await fetchFormToken(offline)).toBeUndefined();
  });
});

describe("FormGuardInputs on the server", () => {
  it("renders the page's token and the honeypot, and nothing of the visitor (filled in by the browser)", () => {
    const html = renderToStaticMarkup(<FormGuardInputs prefix="lead" token="1700000000000.page" />);
    expect(html).toContain('name="formToken" value="1700000000000.page"');
    expect(html).toMatch(/<input id="lead-referral_code"[^>]* name="referral_code" value=""\/>/);
    expect(html).not.toMatch(/name="_(landing|referrer|utm_)/);
  });

  it("posts the token the server sent back with a field error", () => {
    const html = renderToStaticMarkup(
      <FormGuardInputs prefix="form" token="1700000000000.page" answeredToken="1700000000001.kept" />,
    );
    expect(html).toContain('name="formToken" value="1700000000001.kept"');
  });
});
