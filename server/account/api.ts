import express, { type Request, type Response } from "express";
import { roleOf } from "@common/roles";
import { apiActor, apiSession, toHeaders } from "../auth/express";
import { checkAuthRate } from "../auth/route-helpers";
import { reauthenticate } from "../auth/session-policy";
import { getDb } from "../db";
import { sendSuccess } from "../http/api-errors";
import {
  changePassword,
  confirmTwoFactor,
  disableTwoFactor,
  getAccountOverview,
  revokeOtherSessions,
  revokeSession,
  startTwoFactorSetup,
  type AccountContext,
  type Cookies,
} from "./account";

/**
 * /api/admin/security: the signed-in user's own account (the section's "own-account"
 * permission is checked when mounted). Bodies are parsed by the account service with the
 * shared schemas in common/users.ts.
 */
function context(req: Request, res: Response): AccountContext {
  return { db: getDb(), session: apiSession(res), actor: apiActor(req, res), headers: toHeaders(req) };
}

function passCookies(res: Response, cookies: Cookies) {
  if (cookies.length) res.append("Set-Cookie", cookies);
}

export function accountApi() {
  const router = express.Router();

  router.get("/me", (_req, res) => {
    const { user } = apiSession(res);
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

  router.get("/", async (req, res) => {
    res.json(await getAccountOverview(context(req, res)));
  });

  /** `{ password }`: confirms the password for the sensitive actions of the next few minutes. */
  router.post("/reauthenticate", async (req, res) => {
    await checkAuthRate(String(res.locals.clientIp), "sign-in");
    await reauthenticate(getDb(), apiSession(res), apiActor(req, res), req.body);
    sendSuccess(res, { message: "Password confirmed." });
  });

  // Every current-password check counts against the address's one sign-in budget.
  router.post("/password", async (req, res) => {
    await checkAuthRate(String(res.locals.clientIp), "sign-in");
    passCookies(res, await changePassword(context(req, res), req.body));
    sendSuccess(res, { message: "Password changed. Your other sessions were signed out." });
  });

  router.post("/two-factor", async (req, res) => {
    await checkAuthRate(String(res.locals.clientIp), "sign-in");
    const setup = await startTwoFactorSetup(context(req, res), req.body);
    sendSuccess(res, { message: "Scan the QR code, then enter a code to confirm.", data: setup });
  });

  router.post("/two-factor/confirm", async (req, res) => {
    await checkAuthRate(String(res.locals.clientIp), "two-factor");
    const { backupCodes, cookies } = await confirmTwoFactor(context(req, res), req.body);
    passCookies(res, cookies);
    sendSuccess(res, { message: "Two-factor authentication is on.", data: { backupCodes } });
  });

  router.post("/two-factor/disable", async (req, res) => {
    await checkAuthRate(String(res.locals.clientIp), "sign-in");
    passCookies(res, await disableTwoFactor(context(req, res), req.body));
    sendSuccess(res, { message: "Two-factor authentication is off." });
  });

  router.delete("/sessions/:id", async (req, res) => {
    await revokeSession(context(req, res), req.params.id);
    sendSuccess(res, { message: "Session signed out." });
  });

  router.delete("/sessions", async (req, res) => {
    const count = await revokeOtherSessions(context(req, res));
    sendSuccess(res, {
      message: count === 1 ? "1 other session signed out." : `${count} other sessions signed out.`,
      data: { count },
    });
  });

  return router;
}
