import siteScripts from "virtual:site-scripts";
import { inlineJson } from "~/lib/inline-json";

/**
 * Runs in the page (as the text of an inline script): once the first contentful paint is on
 * screen, adds the module preloads and the module script. `document.currentScript.nonce`
 * carries the CSP nonce over to the script it creates, so a page from the page cache (with its
 * per-response nonce) keeps working. A hidden tab paints nothing, and a browser without paint
 * timing cannot say when it did: both start at once. If no paint is reported within 3 s, the
 * scripts start anyway.
 */
function startAfterFirstPaint(preloads: string[], moduleScript: string) {
  const nonce = (document.currentScript as HTMLScriptElement | null)?.nonce ?? "";
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of preloads) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement("script");
    script.type = "module";
    script.nonce = nonce;
    script.textContent = moduleScript;
    document.head.append(script);
  };
  const paintTiming =
    typeof PerformanceObserver === "function" && PerformanceObserver.supportedEntryTypes?.includes("paint");
  if (document.visibilityState === "hidden" || !paintTiming) {
    start();
    return;
  }
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName("first-contentful-paint").length === 0) return;
    observer.disconnect();
    start();
  }).observe({ type: "paint", buffered: true });
  document.addEventListener("visibilitychange", start, { once: true });
  setTimeout(start, 3000);
}

/** The start script's text: the same for every page of a build, so it is put together once. */
const START_SCRIPT = siteScripts
  ? `(${startAfterFirstPaint.toString()})(${inlineJson([siteScripts.entry, ...siteScripts.preloads])},` +
    `${inlineJson(`import ${JSON.stringify(siteScripts.entry)};`)})`
  : null;

/** What a route's `handle` may say about its scripts (the site layout sets it for public pages). */
export interface SiteScriptsHandle {
  siteScripts?: boolean;
}

/**
 * The scripts of a public page (decision 0037): not React Router's hydration, but the site's own
 * small entry (`app/enhance/site.ts`), which enhances the server-rendered HTML (navigation menus,
 * drawer, accordions, forms, toasts, the "Loading page..." placeholder). It is requested after
 * the first contentful paint (decision 0009), so nothing the browser fetches or runs can hold the
 * hero text back. Rendered on the server only: public pages are never hydrated.
 */
export function SiteScripts({ nonce }: { nonce: string }) {
  if (!START_SCRIPT) return null;
  return <script nonce={nonce} data-scripts-start="" dangerouslySetInnerHTML={{ __html: START_SCRIPT }} />;
}
