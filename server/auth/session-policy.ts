import type { Response } from "express";
import { verifyPassword } from "better-auth/crypto";
import { parseInput, ServiceError } from "@common/result";
import { passwordConfirmationSchema } from "@common/users";
import { writeAudit } from "../audit/audit";
import { getConfig } from "../config";
import type { DB } from "../db";
import type { Actor } from "../auth/actor";
import type { AuthSession } from "./auth";
import { countedPasswordCheck } from "./session-password";

/**
 * Staff session rules on top of better-auth (decision 0019):
 * - absolute lifetime: better-auth's expiry, set at sign-in and never extended;
 * - idle timeout: a session not used for SESSION_IDLE_MINUTES ends (its "last active" time,
 *   `session.updatedAt`, is kept current to the minute by resolveSession);
 * - re-authentication: sensitive admin actions need the password given within the last
 *   REAUTH_MINUTES of this session (signing in counts). The API answers 403
 *   `reauth_required`; the admin screens ask for the password and retry.
 */
export const REAUTH_REQUIRED_MESSAGE = "For your security, please enter your password again to continue.";

const ms = (value: string | Date | null | undefined) => (value ? new Date(value).getTime() : 0);

export function isIdleExpired(session: AuthSession, now = Date.now()): boolean {
  return now - ms(session.session.updatedAt) > getConfig().auth.sessionIdleMs;
}

/** True when this session signed in or confirmed the password within the re-authentication window. */
export async function isFresh(db: DB, sessionId: string, now = Date.now()): Promise<boolean> {
  const row = await db
    .selectFrom("session")
    .select(["createdAt", "reauthenticatedAt"])
    .where("id", "=", sessionId)
    .executeTakeFirst();
  if (!row) return false;
  return now - Math.max(ms(row.createdAt), ms(row.reauthenticatedAt)) <= getConfig().auth.reauthMs;
}

/** For a sensitive admin API call: throws 403 `reauth_required` unless this session is fresh. */
export async function assertFresh(db: DB, res: Response): Promise<void> {
  const session = res.locals.session as AuthSession | null;
  if (!session) throw new ServiceError("unauthorized", "Please sign in.");
  if (!(await isFresh(db, session.session.id))) throw new ServiceError("reauth_required", REAUTH_REQUIRED_MESSAGE);
}

/**
 * `{ password }`: confirms the signed-in user's password and opens the re-authentication
 * window for this session. A wrong password is a field error (and audited), counted per
 * account (session-password.ts: the 5th in a row ends the session).
 */
export async function reauthenticate(db: DB, session: AuthSession, actor: Actor, raw: unknown): Promise<void> {
  const { password } = parseInput(passwordConfirmationSchema, raw);
  const audit = {
    target: actor.email,
    actorId: actor.id,
    actorEmail: actor.email,
    ip: actor.ip,
    userAgent: actor.userAgent,
  };
  const wrong = new ServiceError("validation", "The password is not correct.", {
    password: "The password is not correct.",
  });
  await countedPasswordCheck(
    db,
    session,
    actor,
    "reauthenticate",
    async () => {
      const account = await db
        .selectFrom("account")
        .select("password")
        .where("userId", "=", session.user.id)
        .where("providerId", "=", "credential")
        .executeTakeFirst();
      if (account?.password && (await verifyPassword({ hash: account.password, password }))) return;
      await writeAudit(db, { action: "session.reauth_failure", ...audit });
      throw wrong;
    },
    (err) => err === wrong,
  );
  await db
    .updateTable("session")
    .set({ reauthenticatedAt: new Date().toISOString() })
    .where("id", "=", session.session.id)
    .execute();
  await writeAudit(db, { action: "session.reauthenticated", ...audit });
}
