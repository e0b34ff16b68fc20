import * as z from "zod/mini";
import { formatCount } from "./text";

/**
 * A Markdown preview request, `POST /api/admin/<area>/preview {markdown}`, the one shape the
 * admin Markdown field sends for every area (blog posts, help guides, FAQ items, industries).
 * `max` is the limit of the field being previewed.
 */
export function markdownPreviewSchema(max: number) {
  return z.object({
    markdown: z
      .string({ error: "Send the Markdown to preview." })
      .check(z.maxLength(max, `The text must be ${formatCount(max)} characters or fewer.`)),
  });
}
export type MarkdownPreviewInput = z.input<ReturnType<typeof markdownPreviewSchema>>;
