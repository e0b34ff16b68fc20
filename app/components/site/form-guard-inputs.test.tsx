import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FormGuardInputs } from "./form-guard-inputs";

describe("FormGuardInputs on the server", () => {
  it("renders the page's token (for the browser to refresh) and the honeypot, and nothing of the visitor", () => {
    const html = renderToStaticMarkup(<FormGuardInputs prefix="lead" token="1700000000000.page" />);
    const token = /<input [^>]*name="formToken"[^>]*>/.exec(html)?.[0] ?? "";
    expect(token).toContain('value="1700000000000.page"');
    expect(token).toContain('data-form-token="rendered"');
    expect(html).toMatch(/<input id="lead-referral_code"[^>]* name="referral_code" value=""\/>/);
    expect(html).not.toMatch(/name="_(landing|referrer|utm_)/);
  });

  it("posts the token the server sent back with a field error, marked so the browser keeps it", () => {
    const html = renderToStaticMarkup(
      <FormGuardInputs prefix="form" token="1700000000000.page" answeredToken="1700000000001.kept" />,
    );
    const token = /<input [^>]*name="formToken"[^>]*>/.exec(html)?.[0] ?? "";
    expect(token).toContain('value="1700000000001.kept"');
    expect(token).toContain('data-form-token="answered"');
  });
});
