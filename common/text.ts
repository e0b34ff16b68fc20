import * as z from "zod/mini";

/**
 * Building blocks of the staff schemas: trimmed text with readable messages. Every schema
 * in common/ is written with zod/mini (the tree-shakable API of the same engine), so the
 * browser ships only the checks a page's forms use: the public /contact page shares zod's
 * core with the admin screens' bundles, and one classic-zod import would enlarge it.
 */

/** "the phone number" → "The phone number" (the start of a sentence). */
export const sentenceStart = (label: string) => label.charAt(0).toUpperCase() + label.slice(1);

/**
 * 12,000: a count as the messages print it. One formatter for all of them: `toLocaleString`
 * builds a new one on every call (about a quarter of a millisecond each), and the schemas build
 * their messages as their modules load, in the browser and on every server start.
 */
const counts = new Intl.NumberFormat("en-US");
export const formatCount = (n: number) => counts.format(n);

const tooLong = (label: string, max: number) =>
  `${sentenceStart(label)} must be ${formatCount(max)} characters or fewer.`;

/**
 * Required, trimmed, `min` (default 1) to `max` characters. `label` names the value in the
 * messages ("Enter a title.", "A title must be 200 characters or fewer.").
 */
export function requiredText(label: string, max: number, options: { min?: number; missing?: string } = {}) {
  const missing = options.missing ?? `Enter ${label}.`;
  const min = options.min ?? 1;
  return z
    .string({ error: missing })
    .check(
      z.trim(),
      z.minLength(1, missing),
      ...(min > 1 ? [z.minLength(min, `${sentenceStart(label)} needs at least ${min} characters.`)] : []),
      z.maxLength(max, tooLong(label, max)),
    );
}

/** Optional, trimmed, at most `max` characters; empty, null or missing becomes null. */
export function optionalText(label: string, max: number) {
  return z.pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(max, tooLong(label, max)))),
    z.transform((v) => (v ? v : null)),
  );
}

/** A whole number from 0 to `max` (form fields send strings); 0 when missing. */
export function sortOrder(max: number) {
  return z._default(
    z.pipe(
      z.coerce.number({ error: "Enter a whole number." }),
      z
        .int({ error: "Enter a whole number." })
        .check(z.minimum(0, "Enter 0 or more."), z.maximum(max, `Enter ${formatCount(max)} or less.`)),
    ),
    0,
  );
}
