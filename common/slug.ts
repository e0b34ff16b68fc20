import * as z from "zod/mini";

/**
 * The one slug rule for every URL the site makes: lower-case ASCII letters and digits,
 * words joined by single hyphens.
 */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MESSAGE = "Use lowercase letters, numbers and single hyphens.";

/** Lower-case, ASCII, hyphen-separated (at most 80 characters): a slug made from any text. */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
}

/** A slug typed by staff: trimmed, required, at most `max` characters, in the slug rule. */
export function slugSchema(max: number) {
  return z
    .string({ error: "Enter a slug." })
    .check(
      z.trim(),
      z.minLength(1, "Enter a slug."),
      z.maxLength(max, `A slug must be ${max} characters or fewer.`),
      z.regex(SLUG_PATTERN, SLUG_MESSAGE),
    );
}
