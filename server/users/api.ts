import express from "express";
import { AUDIT_PAGE_SIZE } from "@common/limits";
import { parseInput } from "@common/result";
import { userChangeSchema } from "@common/users";
import { auditActionLabels, auditActions, listAudit, type AuditRow } from "../audit/audit";
import { apiActor, apiSession, requireApi } from "../auth/express";
import { assertFresh } from "../auth/session-policy";
import { getDb } from "../db";
import { sendSuccess } from "../http/api-errors";
import { describeUserAgent } from "../http/user-agent";
import {
  deleteUser,
  inviteUser,
  listUsers,
  resendInvite,
  resetTwoFactor,
  setDisabled,
  setRole,
  type StaffUser,
} from "./users";

/**
 * /api/admin/users: staff accounts and the audit log (the section's "users" permission is
 * checked when mounted; the audit log also needs "audit"). Bodies are parsed with the
 * shared schemas in common/users.ts; every change is audited by the users service.
 */
/** GET /api/admin/users */
export interface UsersResponse {
  users: Array<StaffUser & { self: boolean }>;
}

/** GET /api/admin/users/audit-log */
export interface AuditLogResponse {
  total: number;
  page: number;
  pages: number;
  actions: Array<{ value: string; label: string }>;
  rows: Array<AuditRow & { label: string; device: string | null }>;
}

const text = (value: unknown) => (typeof value === "string" ? value : undefined);

export function usersApi() {
  const router = express.Router();
  router.use("/audit-log", auditLogApi());

  router.get("/", async (req, res) => {
    const me = apiSession(res).user.id;
    const users = await listUsers(getDb(), { query: text(req.query.q) });
    const body: UsersResponse = { users: users.map((u) => ({ ...u, self: u.id === me })) };
    res.json(body);
  });

  // Sensitive (each calls assertFresh first): invitations, role and status changes, 2FA
  // resets and deletions need the password given within the last few minutes (403
  // reauth_required otherwise; the screen asks for it and retries).
  router.post("/", async (req, res) => {
    await assertFresh(getDb(), res);
    const invited = await inviteUser(getDb(), apiActor(req, res), req.body);
    sendSuccess(res, { message: `Invitation sent to ${invited.email}.`, data: { id: invited.id } }, 201);
  });

  router.patch("/:id", async (req, res) => {
    await assertFresh(getDb(), res);
    const change = parseInput(userChangeSchema, req.body);
    const actor = apiActor(req, res);
    const messages: string[] = [];
    if (change.role) {
      await setRole(getDb(), actor, req.params.id, change.role);
      messages.push(`Role changed to ${change.role}.`);
    }
    if (change.disabled !== undefined) {
      await setDisabled(getDb(), actor, req.params.id, change.disabled);
      messages.push(change.disabled ? "User disabled and signed out." : "User enabled.");
    }
    sendSuccess(res, { message: messages.join(" ") });
  });

  router.post("/:id/invitation", async (req, res) => {
    await assertFresh(getDb(), res);
    await resendInvite(getDb(), apiActor(req, res), req.params.id);
    sendSuccess(res, { message: "Invitation sent again." });
  });

  router.delete("/:id/two-factor", async (req, res) => {
    await assertFresh(getDb(), res);
    await resetTwoFactor(getDb(), apiActor(req, res), req.params.id);
    sendSuccess(res, { message: "Two-factor authentication reset." });
  });

  router.delete("/:id", async (req, res) => {
    await assertFresh(getDb(), res);
    await deleteUser(getDb(), apiActor(req, res), req.params.id);
    sendSuccess(res, { message: "User deleted." });
  });

  return router;
}

/** /api/admin/users/audit-log (the "audit" permission): newest first, AUDIT_PAGE_SIZE a page, filtered by person/target and action. */
function auditLogApi() {
  const router = express.Router();
  router.get("/", requireApi("audit"), async (req, res) => {
    const db = getDb();
    const page = Math.max(1, Math.floor(Number(text(req.query.page) ?? 1)) || 1);
    const result = await listAudit(db, {
      query: text(req.query.q) || undefined,
      action: text(req.query.action) || undefined,
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
