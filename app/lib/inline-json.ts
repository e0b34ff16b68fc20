/**
 * JSON to put inside a `<script>` element (structured data, a data block, an inline script's
 * arguments): `<` is escaped, so no string inside can close the element, and so are U+2028 and
 * U+2029, which older JavaScript parsers take for line ends.
 */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
