import { useNonce } from "~/lib/nonce";

/**
 * Structured data for search engines. `<` is escaped so no string inside can close the
 * script element. Carries the CSP nonce (browsers hide it after load, hence the
 * suppressed hydration warning).
 */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  const nonce = useNonce();
  const json = JSON.stringify({ "@context": "https://schema.org", ...data })
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
  return (
    <script
      type="application/ld+json"
      nonce={nonce || undefined}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}
