import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FullScreenLoading, PageLoading } from "./loading";

describe("loading placeholders (spec section 2)", () => {
  it("the full-screen indicator says 'Loading...' by default, with a spinner, as a status", () => {
    const html = renderToStaticMarkup(<FullScreenLoading />);
    expect(html).toContain(">Loading...</p>");
    expect(html).toContain('role="status"');
    expect(html).toContain("animate-spin");
    expect(renderToStaticMarkup(<FullScreenLoading message="Signing out..." />)).toContain(">Signing out...</p>");
  });

  it("the page placeholder reads 'Loading page...'", () => {
    const html = renderToStaticMarkup(<PageLoading />);
    expect(html).toContain("Loading page...");
    expect(html).toContain('aria-live="polite"');
  });
});
