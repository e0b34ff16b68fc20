import express from "express";
import type { FaqInput } from "@common/content";
import { FAQ_LIMITS } from "@common/limits";
import { apiActor } from "../auth/express";
import { getDb } from "../db";
import { sendSuccess } from "../http/api-errors";
import { markdownPreview } from "./preview";
import { createFaq, deleteFaq, listAllFaq, reorderFaq, updateFaq, type FaqItem } from "./faq";

/**
 * /api/admin/faq-items (the "content" permission): every FAQ item in public order, create,
 * edit, publish, delete, reorder within a category, and a Markdown preview through the
 * public page's sanitising renderer. The FAQ service audits and bumps the content version.
 */
/** GET /api/admin/faq-items */
export interface FaqItemsResponse {
  items: FaqItem[];
  /** Categories in public order (first appearance), for the category picker and the grouping. */
  categories: string[];
}

export function faqApi() {
  const router = express.Router();

  router.get("/", async (_req, res) => {
    const items = await listAllFaq(getDb());
    const body: FaqItemsResponse = { items, categories: [...new Set(items.map((item) => item.category))] };
    res.json(body);
  });

  router.post("/preview", markdownPreview(FAQ_LIMITS.answer));

  router.post("/reorder", async (req, res) => {
    const items = await reorderFaq(getDb(), req.body, apiActor(req, res));
    sendSuccess(res, { message: "Order saved.", data: { ids: items.map((item) => item.id) } });
  });

  router.post("/", async (req, res) => {
    const item = await createFaq(getDb(), req.body, apiActor(req, res));
    sendSuccess(res, { message: "Question added.", data: { id: item.id } }, 201);
  });

  router.patch("/:id", async (req, res) => {
    const item = await updateFaq(getDb(), req.params.id, (req.body ?? {}) as Partial<FaqInput>, apiActor(req, res));
    sendSuccess(res, { message: "Question saved.", data: { id: item.id } });
  });

  router.delete("/:id", async (req, res) => {
    await deleteFaq(getDb(), req.params.id, apiActor(req, res));
    sendSuccess(res, { message: "Question deleted." });
  });

  return router;
}
