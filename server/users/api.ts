import express from "express";
import { auditActions, listAudit } from "../audit/audit";
import { requireApi } from "../auth/express";
import { getDb } from "../db";
import { listUsers } from "./users";

/** /api/admin/users: staff accounts (the section's "users" permission is checked when mounted). */
export function usersApi() {
  const router = express.Router();
  router.get("/", async (req, res) => {
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
