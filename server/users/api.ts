import express from "express";
import { auditActions, listAudit } from "../audit/audit";
import type { AuthSession } from "../auth/auth";
import { requireApi } from "../auth/express";
import { roleOf } from "../auth/permissions";
import { getDb } from "../db";
import { listUsers } from "./users";

/** Admin JSON API under /api/admin (every route checks its permission first). */
export function adminApi() {
  const router = express.Router();
  router.get("/me", requireApi("own-account"), (_req, res) => {
    const { user } = res.locals.session as AuthSession;
    res.json({
      user: {
        id: user.id,
        name: user.name,
        email: user.email,
        role: roleOf(user),
        twoFactorEnabled: Boolean(user.twoFactorEnabled),
      },
    });
  });
  router.get("/users", requireApi("users"), async (req, res) => {
    const query = typeof req.query.q === "string" ? req.query.q : undefined;
    res.json({ users: await listUsers(getDb(), { query }) });
  });
  router.get("/audit-log", requireApi("audit"), async (req, res) => {
    const q = (name: string) => (typeof req.query[name] === "string" ? (req.query[name] as string) : undefined);
    const page = Math.max(1, Number(q("page") ?? 1) || 1);
    const result = await listAudit(getDb(), { query: q("q"), action: q("action"), limit: 50, offset: (page - 1) * 50 });
    res.json({ ...result, page, actions: await auditActions(getDb()) });
  });
  return router;
}
