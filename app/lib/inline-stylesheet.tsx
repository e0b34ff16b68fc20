import { createContext, useContext, useState, type ReactNode } from "react";
import { useNonce } from "~/lib/nonce";

const STYLESHEET_ID = "site-css";

/** The site stylesheet's text, given by the server render in production (decision 0009). */
const StylesheetContext = createContext<string | null>(null);

export function StylesheetProvider({ value, children }: { value: string | null; children: ReactNode }) {
  return <StylesheetContext.Provider value={value}>{children}</StylesheetContext.Provider>;
}

/**
 * The stylesheet inlined in `<head>`. The server renders the CSS text; the browser hydrates the
 * same element with the text it already holds (read once from the document), so nothing is
 * patched and client navigation keeps it. In development pages link Vite's stylesheet instead.
 */
export function InlineStylesheet() {
  const fromServer = useContext(StylesheetContext);
  const nonce = useNonce();
  const [css] = useState(
    () => fromServer ?? (typeof document === "undefined" ? null : document.getElementById(STYLESHEET_ID)?.textContent),
  );
  if (css == null) return null;
  return <style id={STYLESHEET_ID} nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: css }} />;
}
