import express from "express";
import { auditLogQuerySchema } from "@common/audit";
import { AUDIT_PAGE_SIZE } from "@common/limits";
import { parseInput } from "@common/result";
import { getDb } from "../db";
import { describeUserAgent } from "../http/user-agent";
import { auditActionLabels, auditActions, listAudit, type AuditRow } from "./audit";

/** GET /api/admin/users/audit-log */
export interface AuditLogResponse {
  total: number;
  page: number;
  pages: number;
  actions: Array<{ value: string; label: string }>;
  rows: Array<AuditRow & { label: string; device: string | null }>;
}

/**
 * /api/admin/users/audit-log (the "audit" permission; shown on the Users screen, so mounted
 * under the "users" section by server/app/admin-api.ts): newest first, AUDIT_PAGE_SIZE a
 * page, filtered by person or target and by action (common/audit.ts).
 */
export function auditLogApi() {
  const router = express.Router();
  router.get("/", async (req, res) => {
    const db = getDb();
    const { q, action, page } = parseInput(auditLogQuerySchema, req.query, "Check the filters.");
    const result = await listAudit(db, {
      query: q,
      action,
      limit: AUDIT_PAGE_SIZE,
      offset: (page - 1) * AUDIT_PAGE_SIZE,
    });
    const body: AuditLogResponse = {
      total: result.total,
      page,
      pages: Math.max(1, Math.ceil(result.total / AUDIT_PAGE_SIZE)),
      actions: (await auditActions(db)).map((a) => ({ value: a, label: auditActionLabels[a] ?? a })),
      rows: result.rows.map((r) => ({
        ...r,
        label: auditActionLabels[r.action] ?? r.action,
        device: r.userAgent ? describeUserAgent(r.userAgent) : null,
      })),
    };
    res.json(body);
  });
  return router;
}
