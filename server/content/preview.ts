import type express from "express";
import { markdownPreviewSchema } from "@common/markdown";
import { parseInput } from "@common/result";
import { renderMarkdown } from "../markdown/markdown";

/** POST /api/admin/<area>/preview */
export interface MarkdownPreviewResponse {
  html: string;
}

/**
 * The one Markdown preview handler (blog posts, help guides, FAQ items, industries): the
 * body `{markdown}` checked with the shared schema (at most `max` characters), answered with
 * the HTML the public page would show, through its sanitising renderer.
 */
export function markdownPreview(max: number): express.RequestHandler {
  const schema = markdownPreviewSchema(max);
  return (req, res) => {
    const { markdown } = parseInput(schema, req.body, "This text cannot be previewed.");
    const body: MarkdownPreviewResponse = { html: renderMarkdown(markdown).html };
    res.json(body);
  };
}
