import express from "express";
import { can } from "@common/roles";
import { apiSession } from "../auth/express";
import { getDb } from "../db";
import { dashboardData, type DashboardData } from "./dashboard";

/** /api/admin/dashboard (the "dashboard" permission): the figures of /admin; recent audit activity only with "audit". */
export type DashboardResponse = DashboardData;

export function dashboardApi() {
  const router = express.Router();
  router.get("/", async (_req, res) => {
    const { user } = apiSession(res);
    const body: DashboardResponse = await dashboardData(getDb(), { withAudit: can(user, "audit") });
    res.json(body);
  });
  return router;
}
