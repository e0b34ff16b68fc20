import { describe, expect, it } from "vitest";
import { markdownToText, readingMinutes, renderMarkdown, sanitize } from "./markdown";

describe("renderMarkdown", () => {
  it("renders headings with stable, unique ids and collects them", () => {
    const { html, headings } = renderMarkdown(
      "# Title\n\n## Fees & Rates\n\ntext\n\n## Fees & Rates\n\n### Step *one*",
    );
    expect(headings).toEqual([
      { depth: 2, text: "Title", id: "title" },
      { depth: 2, text: "Fees & Rates", id: "fees-and-rates" },
      { depth: 2, text: "Fees & Rates", id: "fees-and-rates-2" },
      { depth: 3, text: "Step one", id: "step-one" },
    ]);
    expect(html).toContain('<h2 id="fees-and-rates-2">');
    expect(html).not.toContain("<h1");
  });

  it("opens external links in a new tab without an opener", () => {
    const { html } = renderMarkdown("[site](https://example.com) and [local](/contact)");
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer" target="_blank">site</a>');
    expect(html).toContain('<a href="/contact">local</a>');
  });
});

describe("sanitize", () => {
  const attacks = [
    "<script>alert(1)</script>",
    '<img src="x" onerror="alert(1)">',
    '<a href="javascript:alert(1)">x</a>',
    '<a href="JaVaScRiPt:alert(1)">x</a>',
    '<a href="&#106;avascript:alert(1)">x</a>',
    '<svg onload="alert(1)"><circle /></svg>',
    '<iframe src="https://evil.example"></iframe>',
    '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
    '<p style="background:url(javascript:alert(1))">x</p>',
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
    '<object data="x.swf"></object><embed src="x.swf">',
    '<form action="https://evil.example"><input name="q"></form>',
  ];
  it.each(attacks)("neutralises %s", (attack) => {
    const out = sanitize(attack) + renderMarkdown(attack).html;
    expect(out).not.toMatch(/<script|onerror|onload|javascript:|<iframe|<svg|data:|<object|<embed|<form|style=/i);
  });
});

describe("text helpers", () => {
  it("extracts plain text and estimates reading time", () => {
    expect(markdownToText("## Hi\n\nSome **bold** & [link](/x).")).toBe("Hi Some bold & link.");
    expect(readingMinutes("word ".repeat(450))).toBe(2);
    expect(readingMinutes("short")).toBe(1);
  });
});
