import express from "express";
import * as z from "zod/mini";
import { RETENTION_MAX_DAYS } from "@common/settings";
import { parseInput } from "@common/result";
import { getDb } from "../db";
import { getSiteSettings } from "../settings/settings";
import { nextRetentionRun, retentionDaysOf, retentionDue, type RetentionCounts, type RetentionDays } from "./retention";

/**
 * GET /api/admin/settings/retention (inside the settings section, admins only): what the next
 * retention run will remove, counted by the job's own queries at the run's time. `spamDays`
 * and `statementDays` in the query string preview values not saved yet (the screen sends what
 * is typed); otherwise the saved settings apply.
 */
export interface RetentionPreviewResponse extends RetentionCounts, RetentionDays {
  nextRunAt: string;
}

const days = (label: string) =>
  z.optional(
    z.pipe(
      z.coerce.number({ error: `${label} must be a whole number of days.` }),
      z
        .int({ error: `${label} must be a whole number of days.` })
        .check(
          z.minimum(1, `${label} must be at least 1 day.`),
          z.maximum(RETENTION_MAX_DAYS, `${label} can be ${RETENTION_MAX_DAYS} days at most.`),
        ),
    ),
  );
const previewQuery = z.object({ spamDays: days("Spam days"), statementDays: days("Statement days") });

export function retentionApi() {
  const router = express.Router();
  router.get("/", async (req, res) => {
    const query = parseInput(previewQuery, req.query, "Please correct the retention days.");
    const db = getDb();
    const saved = retentionDaysOf(await getSiteSettings(db));
    const chosen: RetentionDays = {
      spamDays: query.spamDays ?? saved.spamDays,
      statementDays: query.statementDays ?? saved.statementDays,
    };
    const at = nextRetentionRun();
    const body: RetentionPreviewResponse = {
      ...(await retentionDue(db, chosen, at)),
      ...chosen,
      nextRunAt: at.toISOString(),
    };
    res.json(body);
  });
  return router;
}
