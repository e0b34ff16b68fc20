import express from "express";
import { roleOf } from "@common/roles";
import type { AuthSession } from "../auth/auth";

/** /api/admin/security: the signed-in user's own account. */
export function accountApi() {
  const router = express.Router();
  router.get("/me", (_req, res) => {
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
  return router;
}
