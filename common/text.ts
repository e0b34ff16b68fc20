import { z } from "zod";

/** Building blocks of the staff schemas: trimmed text with readable messages. */

/** "the phone number" → "The phone number" (the start of a sentence). */
export const sentenceStart = (label: string) => label.charAt(0).toUpperCase() + label.slice(1);

const tooLong = (label: string, max: number) =>
  `${sentenceStart(label)} must be ${max.toLocaleString("en-US")} characters or fewer.`;

/**
 * Required, trimmed, `min` (default 1) to `max` characters. `label` names the value in the
 * messages ("Enter a title.", "A title must be 200 characters or fewer.").
 */
export function requiredText(label: string, max: number, options: { min?: number; missing?: string } = {}) {
  const missing = options.missing ?? `Enter ${label}.`;
  const min = options.min ?? 1;
  const text = z.string({ error: missing }).trim().min(1, missing);
  return (min > 1 ? text.min(min, `${sentenceStart(label)} needs at least ${min} characters.`) : text).max(
    max,
    tooLong(label, max),
  );
}

/** Optional, trimmed, at most `max` characters; empty, null or missing becomes null. */
export function optionalText(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, tooLong(label, max))
    .nullish()
    .transform((v) => (v ? v : null));
}

/** A whole number from 0 to `max` (form fields send strings). */
export function sortOrder(max: number) {
  return z.coerce
    .number({ error: "Enter a whole number." })
    .int("Enter a whole number.")
    .min(0, "Enter 0 or more.")
    .max(max, `Enter ${max.toLocaleString("en-US")} or less.`)
    .default(0);
}
