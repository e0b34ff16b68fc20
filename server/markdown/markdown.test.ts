import { describe, expect, it } from "vitest";
import { markdownToText, readingMinutes, renderMarkdown, sanitize } from "./markdown";

describe("renderMarkdown", () => {
  it("renders headings with stable, unique ids and collects them", () => {
    const { html, headings } = renderMarkdown(
      "# Title\n\n## Fees & Rates\n\ntext\n\n## Fees & Rates\n\n### Step *one*",
    );
    expect(headings).toEqual([
      { depth: 2, text: "Title", id: "h-title" },
      { depth: 2, text: "Fees & Rates", id: "h-fees-and-rates" },
      { depth: 2, text: "Fees & Rates", id: "h-fees-and-rates-2" },
      { depth: 3, text: "Step one", id: "h-step-one" },
    ]);
    expect(html).toContain('<h2 id="h-fees-and-rates-2">');
    expect(html).not.toContain("<h1");
  });

  it("opens external links in a new tab without an opener", () => {
    const { html } = renderMarkdown("[site](https://example.com) and [local](/contact)");
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer" target="_blank">site</a>');
    expect(html).toContain('<a href="/contact">local</a>');
  });

  it("judges a link by its trimmed address: no target=_blank ever goes without rel", () => {
    const { html } = renderMarkdown(
      '<a href=" https://evil.example" target="_blank">spaced</a> <a href="/x" target="_blank">in</a> [md]( https://md.example)',
    );
    expect(html).toContain('<a href="https://evil.example" rel="noopener noreferrer" target="_blank">spaced</a>');
    expect(html).toContain('<a href="/x">in</a>');
    for (const a of html.match(/<a [^>]*>/g) ?? []) if (a.includes("_blank")) expect(a).toContain("noopener");
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

describe("heading ids", () => {
  it("never collide with the page's own ids", () => {
    const { html, headings } = renderMarkdown(
      '## Main\n\n## toc-heading\n\n<h2 id="main">Raw</h2>\n\n<h3 id="h-ok">Ok</h3>',
    );
    expect(headings.map((h) => h.id)).toEqual(["h-main", "h-toc-heading"]);
    expect(html).not.toMatch(/id="main"/);
    expect(html).not.toMatch(/id="toc-heading"/);
    expect(html).toContain('<h2 id="h-main">Main</h2>');
    expect(html).toContain("<h2>Raw</h2>");
    expect(html).toContain('<h3 id="h-ok">');
  });
});
