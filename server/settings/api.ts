import express from "express";
import type { SiteSettings } from "@common/settings";
import { apiActor } from "../auth/express";
import { getDb } from "../db";
import { sendSuccess } from "../http/api-errors";
import { getSiteSettings, updateSiteSettings } from "./settings";

/**
 * /api/admin/settings (the "settings" permission: admins only): the site settings, and
 * saving the ones that changed (validated, audited, content version bumped, an old owner
 * page path 301s). Every page reads the settings per request, so the shell shows a change
 * on the next request.
 */
/** GET /api/admin/settings */
export interface SettingsResponse {
  settings: SiteSettings;
}

export function settingsApi() {
  const router = express.Router();

  router.get("/", async (_req, res) => {
    const body: SettingsResponse = { settings: await getSiteSettings(getDb()) };
    res.json(body);
  });

  router.patch("/", async (req, res) => {
    const settings = await updateSiteSettings(getDb(), req.body ?? {}, apiActor(req, res));
    sendSuccess(res, { message: "Settings saved. The site shows them from the next page load.", data: { settings } });
  });

  return router;
}
