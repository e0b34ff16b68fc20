import type { Request, Response } from "express";
import { getConfig } from "../config";
import { rateLimit } from "../http/rate-limit";
import { createChallenge } from "./challenge";

/** Challenges one address may fetch in ten minutes (a visitor needs one per form sent, or two). */
export const FORM_PROOF_RATE_LIMIT = 60;

/**
 * GET /api/form-proof: a proof-of-work challenge issued now (decision 0051), which a public
 * form's script solves in the background. Never cached (the API sends no-store); rate limited
 * per address like the other public endpoints, in the shared counters.
 */
export function formProofApi() {
  return [
    rateLimit({ name: "form-proof", limit: FORM_PROOF_RATE_LIMIT, windowMs: 10 * 60 * 1000 }),
    (_req: Request, res: Response) => {
      res.setHeader("Cache-Control", "no-store");
      const config = getConfig();
      res.json(createChallenge(config.authSecret, { maxNumber: config.formProofMaxNumber }));
    },
  ];
}
