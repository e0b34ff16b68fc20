import { Children, Fragment, isValidElement, type ReactElement, type ReactNode } from "react";
import { Scripts } from "react-router";

type ScriptsElementProps = {
  rel?: string;
  href?: string;
  type?: string;
  children?: ReactNode;
  dangerouslySetInnerHTML?: { __html: string };
};

/** React Router's `<Scripts>` output, sorted: module preloads, the module script, the rest. */
interface ScriptsParts {
  preloads: string[];
  moduleScript: string | null;
  others: ReactElement[];
}

function collect(node: ReactNode, parts: ScriptsParts): ScriptsParts {
  if (Array.isArray(node)) {
    for (const child of node) collect(child, parts);
    return parts;
  }
  if (!isValidElement(node)) return parts;
  const element = node as ReactElement<ScriptsElementProps>;
  const { props } = element;
  if (element.type === Fragment) return collect(props.children, parts);
  if (element.type === "link" && props.rel === "modulepreload" && props.href) {
    if (!parts.preloads.includes(props.href)) parts.preloads.push(props.href);
  } else if (element.type === "script" && props.type === "module") {
    parts.moduleScript = props.dangerouslySetInnerHTML?.__html ?? null;
  } else {
    parts.others.push(element);
  }
  return parts;
}

/**
 * Runs in the page (as the text of an inline script): once the first contentful paint is on
 * screen, adds the module preloads and the module script React Router would have written into
 * the HTML. `document.currentScript.nonce` carries the CSP nonce over to the script it creates.
 * A hidden tab paints nothing, and a browser without paint timing cannot say when it did: both
 * start at once. If no paint is reported within 3 s, the scripts start anyway.
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

/** JSON for an inline script: `<` escaped, so no text in it can close the script element. */
const inlineJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/** What a route's `handle` may say about hydration (the site layout sets it for public pages). */
export interface HydrationHandle {
  hydrateAfterFirstPaint?: boolean;
}

/**
 * React Router's `<Scripts>`, on public pages with hydration started after the first contentful
 * paint (decision 0009). A server-rendered page is complete HTML, so the hero text needs only the
 * document and the stylesheet: the ~120 KB of hydration modules are requested once the page is
 * on screen, and neither their download (competing with the stylesheet on a slow link) nor
 * React's hydration work (on a slow phone, with the modules cached) can hold that paint back.
 * The inline scripts React Router needs during parsing (import map, server handoff) stay as
 * they are. Staff screens (`afterFirstPaint` false) are tools, not landing pages: they get
 * React Router's output unchanged and hydrate as early as they can. Once hydrated, `<Scripts>`
 * renders nothing, and neither does this.
 */
export function HydrationScripts({ nonce, afterFirstPaint }: { nonce: string; afterFirstPaint: boolean }) {
  // `Scripts` is called, not rendered, so its output can be rearranged: its hooks run as part
  // of this component, in the same order on every render.
  const output = Scripts({ nonce });
  if (output == null || !afterFirstPaint) return output;
  const { preloads, moduleScript, others } = collect(output, { preloads: [], moduleScript: null, others: [] });
  return (
    <>
      {Children.toArray(others)}
      {moduleScript != null && (
        <script
          nonce={nonce}
          data-hydration-start=""
          suppressHydrationWarning
          dangerouslySetInnerHTML={{
            // Only the server's text runs (hydration keeps it), so the browser bundle leaves it out.
            __html: import.meta.env.SSR
              ? `(${startAfterFirstPaint.toString()})(${inlineJson(preloads)},${inlineJson(moduleScript)})`
              : "",
          }}
        />
      )}
    </>
  );
}
