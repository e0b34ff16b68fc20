import { inlineJson } from "~/lib/inline-json";
import { useNonce } from "~/lib/nonce";

/**
 * Structured data for search engines, escaped by `inlineJson`. Carries the CSP nonce (browsers
 * hide it after load, hence the suppressed hydration warning).
 */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  const nonce = useNonce();
  const json = inlineJson({ "@context": "https://schema.org", ...data });
  return (
    <script
      type="application/ld+json"
      nonce={nonce || undefined}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}
