import express from "express";
import { INDUSTRY_LIMITS } from "@common/limits";
import { ServiceError } from "@common/result";
import { apiActor } from "../auth/express";
import { markdownPreview } from "../content/preview";
import { getDb } from "../db";
import { sendSuccess } from "../http/api-errors";
import { checkIndustrySlug, getIndustryById, listAllIndustries, updateIndustry, type Industry } from "./industries";

/**
 * /api/admin/industries (the "content" permission): the industry pages, published or not,
 * the as-you-type slug check (409 when taken, as for articles), and saving one (the service
 * audits, redirects an old slug and bumps the content version).
 */
/** GET /api/admin/industries */
export interface IndustriesResponse {
  industries: Industry[];
}

/** GET /api/admin/industries/:id */
export interface IndustryResponse {
  industry: Industry;
}

export function industriesApi() {
  const router = express.Router();

  router.get("/", async (_req, res) => {
    const body: IndustriesResponse = { industries: await listAllIndustries(getDb()) };
    res.json(body);
  });

  router.post("/preview", markdownPreview(INDUSTRY_LIMITS.body));

  /** GET /slug-check?slug=…&id=…: 200 when free (or the industry's own), 409 when another has it. */
  router.get("/slug-check", async (req, res) => {
    const slug = await checkIndustrySlug(getDb(), req.query);
    res.json({ available: true, slug });
  });

  router.get("/:id", async (req, res) => {
    const industry = await getIndustryById(getDb(), req.params.id);
    if (!industry) throw new ServiceError("not_found", "That industry no longer exists.");
    const body: IndustryResponse = { industry };
    res.json(body);
  });

  /** PUT /:id {…fields, baseUpdatedAt?}: baseUpdatedAt is the version the editor loaded (stale → 409). */
  router.put("/:id", async (req, res) => {
    const { baseUpdatedAt, ...fields } = (req.body ?? {}) as { baseUpdatedAt?: unknown };
    const industry = await updateIndustry(getDb(), req.params.id, fields, apiActor(req, res), {
      baseUpdatedAt: typeof baseUpdatedAt === "string" ? baseUpdatedAt : undefined,
    });
    sendSuccess(res, { message: `${industry.name} saved.`, data: { id: industry.id, updatedAt: industry.updatedAt } });
  });

  return router;
}
