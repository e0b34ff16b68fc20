import express from "express";
import { ServiceError } from "@common/result";
import type { Pricing } from "@common/proposal-math";
import { apiActor } from "../auth/express";
import type { ContactSubmissions } from "../contacts/submission-port";
import { getDb } from "../db";
import { contentDisposition } from "../files/files";
import { apiNotFound, sendSuccess } from "../http/api-errors";
import { jsonBody } from "../http/body";
import { contactProposals, proposalFunnel, type ContactProposals, type ProposalFunnel } from "./history";
import { getPricing, updatePricing, type PricingRecord } from "./pricing";
import { sendProposal, type SentProposal } from "./proposals";
import { saveReview } from "./reviews";

/**
 * /api/admin/contacts/proposals (inside the "contacts" section, its permission): a contact's
 * worksheet data, saving a review, sending a proposal, the statement shown beside the
 * worksheet, and the dashboard's 30-day figures. /api/admin/pricing (the "settings"
 * permission: admins only): the pricing. Every change is audited by the services.
 */

/** GET /api/admin/contacts/proposals/contact/:contactId */
export interface ContactProposalsResponse extends ContactProposals {
  /** The current pricing: the worksheet computes its live figures with it. */
  pricing: Pricing;
}

/** GET /api/admin/contacts/proposals/funnel */
export type ProposalFunnelResponse = ProposalFunnel;

/** POST …/contact/:contactId/send */
export type SendProposalResponse = SentProposal;

/** GET /api/admin/pricing */
export type PricingResponse = PricingRecord;

/**
 * The statement beside the worksheet: the staff-only, same-origin URL the worksheet's frame
 * (a PDF, in the browser's own viewer) or image loads. Its Content-Security-Policy is the
 * one relaxation of the site's policy: it may be framed by this origin (frame-ancestors
 * 'self' instead of 'none') and may run the browser's PDF viewer; it runs no script of ours.
 */
const STATEMENT_VIEW_CSP =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

/** Nested inside "contacts", ahead of its router: it reads its own JSON bodies and answers every path under it. */
/** `submissions`: the contacts' port to their submissions' files (server/forms), handed in by server/app. */
export function proposalsApi(submissions: ContactSubmissions) {
  const router = express.Router();
  router.use(jsonBody());

  router.get("/funnel", async (_req, res) => {
    const body: ProposalFunnelResponse = await proposalFunnel(getDb());
    res.json(body);
  });

  router.get("/contact/:contactId", async (req, res) => {
    const db = getDb();
    const [history, { pricing }] = await Promise.all([contactProposals(db, req.params.contactId), getPricing(db)]);
    const body: ContactProposalsResponse = { ...history, pricing };
    res.json(body);
  });

  router.post("/contact/:contactId/reviews", async (req, res) => {
    const review = await saveReview(getDb(), apiActor(req, res), req.params.contactId, req.body);
    sendSuccess(res, { message: "Review saved.", data: { id: review.id } }, 201);
  });

  router.post("/contact/:contactId/send", async (req, res) => {
    const sent = await sendProposal(getDb(), apiActor(req, res), req.params.contactId, req.body);
    const message = sent.mailed
      ? "Proposal sent."
      : `The proposal was saved, but the e-mail could not be sent (${sent.mailError}). Copy the link below and send it yourself.`;
    sendSuccess<SendProposalResponse>(res, { message, data: sent }, 201);
  });

  router.get("/contact/:contactId/statements/:statementId", async (req, res) => {
    const file = await submissions.readFile(getDb(), req.params.contactId, req.params.statementId);
    if (!file) throw new ServiceError("not_found", "This statement does not exist (it may have been deleted).");
    res.set({
      "Content-Type": file.mimeType,
      "Content-Length": String(file.bytes.byteLength),
      "Content-Disposition": contentDisposition("inline", file.filename, file.mimeType),
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": STATEMENT_VIEW_CSP,
      "X-Frame-Options": "SAMEORIGIN",
      "Cross-Origin-Resource-Policy": "same-origin",
      "X-Content-Type-Options": "nosniff",
    });
    res.end(file.bytes);
  });

  router.use(apiNotFound());
  return router;
}

export function pricingApi() {
  const router = express.Router();

  router.get("/", async (_req, res) => {
    const body: PricingResponse = await getPricing(getDb());
    res.json(body);
  });

  router.put("/", async (req, res) => {
    const record = await updatePricing(getDb(), apiActor(req, res), req.body ?? {});
    sendSuccess<PricingResponse>(res, { message: "Pricing saved. New reviews and proposals use it.", data: record });
  });

  return router;
}
