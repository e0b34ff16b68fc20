import express from "express";
import {
  describeCounts,
  privacyLookupSchema,
  type PrivacyRequestsResponse,
  type PrivacySearchResponse,
} from "@common/privacy";
import { parseInput } from "@common/result";
import { writeAuditBy } from "../audit/audit";
import { apiActor } from "../auth/express";
import { getDb } from "../db";
import { sendSuccess } from "../http/api-errors";
import { log } from "../logger";
import { erasePerson } from "./erase";
import { writePersonZip } from "./export";
import { countsOf, findPerson, searchResponse } from "./findings";
import { getRequest, listRequests, markDone } from "./requests";

export type { PrivacyRequestsResponse, PrivacySearchResponse };

/**
 * /api/admin/privacy (the "privacy" permission, admins only; decision 0050): the privacy
 * requests visitors confirmed, a person's data looked up by e-mail address, its export as one
 * streamed ZIP and its erasure. Exports, erasures and requests marked done are audited with
 * counts and the request's id, never the address.
 */
export function privacyApi() {
  const router = express.Router();

  router.get("/", async (_req, res) => {
    const body: PrivacyRequestsResponse = await listRequests(getDb());
    res.json(body);
  });

  router.get("/search", async (req, res) => {
    const { email } = parseInput(privacyLookupSchema, { email: req.query.email });
    const body: PrivacySearchResponse = searchResponse(await findPerson(getDb(), email));
    res.json(body);
  });

  router.get("/export", async (req, res) => {
    const db = getDb();
    const { email } = parseInput(privacyLookupSchema, { email: req.query.email });
    const request = typeof req.query.request === "string" ? await getRequest(db, req.query.request) : null;
    const data = await findPerson(db, email);
    const counts = countsOf(data);
    const requestId = request && request.email === email ? request.id : null;
    await writeAuditBy(db, apiActor(req, res), {
      action: "privacy.exported",
      target: requestId,
      details: { summary: `Exported ${describeCounts(counts)}.`, ...counts },
    });
    res.set({
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="privacy-export-${new Date().toISOString().slice(0, 10)}.zip"`,
      "Cache-Control": "no-store",
    });
    await writePersonZip(db, data, res).catch((err: unknown) => {
      // The headers are gone: the download ends broken, and the log says why.
      log.error("privacy export failed mid-stream", { err });
      res.destroy();
    });
  });

  router.post("/erase", async (req, res) => {
    const erased = await erasePerson(getDb(), apiActor(req, res), req.body);
    sendSuccess(res, { message: erased.message, data: erased });
  });

  router.post("/requests/:id/done", async (req, res) => {
    await markDone(getDb(), apiActor(req, res), req.params.id);
    sendSuccess(res, { message: "Request marked done." });
  });

  return router;
}
