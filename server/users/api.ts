import express from "express";
import { parseInput } from "@common/result";
import { userChangeSchema, userListQuerySchema } from "@common/users";
import { apiActor, apiSession } from "../auth/express";
import { assertFresh } from "../auth/session-policy";
import { getDb } from "../db";
import { sendSuccess } from "../http/api-errors";
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
 * /api/admin/users: staff accounts (the section's "users" permission is checked when
 * mounted; the audit log shown on the same screen is server/audit/api.ts). Bodies and the
 * query string are parsed with the shared schemas in common/users.ts; every change is
 * audited by the users service.
 */
/** GET /api/admin/users */
export interface UsersResponse {
  users: Array<StaffUser & { self: boolean }>;
}

export function usersApi() {
  const router = express.Router();

  router.get("/", async (req, res) => {
    const me = apiSession(res).user.id;
    const { q } = parseInput(userListQuerySchema, req.query, "Check the search.");
    const users = await listUsers(getDb(), { query: q });
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
