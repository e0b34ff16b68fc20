import crypto from "node:crypto";
import { generateRandomString, hashPassword } from "better-auth/crypto";
import { writeAudit } from "../audit/audit";
import { getAuth } from "../auth/auth";
import { passwordProblem } from "../auth/password-policy";
import { parseInput, ServiceError } from "@common/result";
import type { Role } from "@common/roles";
import { inviteSchema, newUserSchema, tokenPasswordSchema } from "@common/users";
import { getConfig } from "../config";
import type { Actor } from "../auth/actor";
import type { DB } from "../db";
import { sql } from "kysely";
import { isPostgres, nowIso } from "../db/dialect";
import { escapeHtml, sendMail } from "../mail/mail";

export const INVITE_HOURS = 72;

export interface StaffUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  disabled: boolean;
  twoFactorEnabled: boolean;
  /** False while an invitation is still open (no password set yet). */
  hasPassword: boolean;
  createdAt: string;
}

function auditFrom(actor: Actor) {
  return { actorId: actor.id, actorEmail: actor.email, ip: actor.ip ?? null, userAgent: actor.userAgent ?? null };
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function listUsers(db: DB, options: { query?: string } = {}): Promise<StaffUser[]> {
  let q = db
    .selectFrom("user")
    .leftJoin("account", (join) =>
      join.onRef("account.userId", "=", "user.id").on("account.providerId", "=", "credential"),
    )
    .select([
      "user.id",
      "user.name",
      "user.email",
      "user.role",
      "user.banned",
      "user.twoFactorEnabled",
      "user.createdAt",
      "account.id as accountId",
    ]);
  if (options.query?.trim()) {
    const like = `%${options.query.trim().toLowerCase()}%`;
    q = q.where((eb) =>
      eb.or([eb(eb.fn("lower", ["user.email"]), "like", like), eb(eb.fn("lower", ["user.name"]), "like", like)]),
    );
  }
  const rows = await q.orderBy("user.name").orderBy("user.email").execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    role: r.role === "admin" ? "admin" : "editor",
    disabled: Boolean(r.banned),
    twoFactorEnabled: Boolean(r.twoFactorEnabled),
    hasPassword: !!r.accountId,
    createdAt: r.createdAt,
  }));
}

export async function findUserByEmail(db: DB, email: string) {
  return db.selectFrom("user").selectAll().where("email", "=", normalizeEmail(email)).executeTakeFirst();
}

async function insertUser(db: DB, input: { email: string; name: string; role: Role }): Promise<string> {
  const id = crypto.randomUUID();
  const now = nowIso();
  await db
    .insertInto("user")
    .values({
      id,
      name: input.name.trim(),
      email: normalizeEmail(input.email),
      emailVerified: true,
      image: null,
      createdAt: now,
      updatedAt: now,
      twoFactorEnabled: false,
      role: input.role,
      banned: false,
      banReason: null,
      banExpires: null,
    })
    .execute();
  return id;
}

/** Refuses a password the policy does not accept (as a field error on `field`). */
function assertPasswordAccepted(password: string, field = "password") {
  const problem = passwordProblem(password);
  if (problem) throw new ServiceError("validation", problem, { [field]: problem });
}

const emailTaken = (email: string) =>
  new ServiceError("conflict", `A user with the e-mail ${email} already exists.`, {
    email: `A user with the e-mail ${email} already exists.`,
  });

async function setPassword(db: DB, userId: string, password: string): Promise<void> {
  assertPasswordAccepted(password);
  const hash = await hashPassword(password);
  const now = nowIso();
  const existing = await db
    .selectFrom("account")
    .select("id")
    .where("userId", "=", userId)
    .where("providerId", "=", "credential")
    .executeTakeFirst();
  if (existing) {
    await db.updateTable("account").set({ password: hash, updatedAt: now }).where("id", "=", existing.id).execute();
  } else {
    await db
      .insertInto("account")
      .values({
        id: crypto.randomUUID(),
        accountId: userId,
        providerId: "credential",
        userId,
        accessToken: null,
        refreshToken: null,
        idToken: null,
        accessTokenExpiresAt: null,
        refreshTokenExpiresAt: null,
        scope: null,
        password: hash,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
  }
}

/** Creates a user with a password (the admin:create CLI). */
export async function createUserWithPassword(
  db: DB,
  raw: { email: string; name: string; role: Role; password: string },
  actor?: Actor,
): Promise<string> {
  const input = parseInput(newUserSchema, raw);
  const email = input.email;
  assertPasswordAccepted(input.password);
  if (await findUserByEmail(db, email)) throw emailTaken(email);
  const id = await insertUser(db, { email, name: input.name, role: input.role });
  await setPassword(db, id, input.password);
  await writeAudit(db, {
    action: "user.created",
    target: email,
    ...(actor ? auditFrom(actor) : {}),
    details: { role: input.role, via: actor ? "admin" : "cli" },
  });
  return id;
}

const inviteIdentifier = (token: string) => `invite:${token}`;

/** Creates the account without a password and e-mails a link to set one (valid 72 hours). */
export async function inviteUser(
  db: DB,
  actor: Actor,
  raw: unknown,
): Promise<{ id: string; email: string; url: string }> {
  const input = parseInput(inviteSchema, raw);
  const email = input.email;
  if (await findUserByEmail(db, email)) throw emailTaken(email);
  const id = await insertUser(db, { email, name: input.name || email.split("@")[0]!, role: input.role });
  const url = await issueInvite(id);
  await sendInviteMail(email, input.name, actor, url);
  await writeAudit(db, { action: "user.invited", target: email, ...auditFrom(actor), details: { role: input.role } });
  return { id, email, url };
}

/** A new invitation link for a user who has not set a password yet (the old links stop working). */
export async function resendInvite(db: DB, actor: Actor, userId: string): Promise<string> {
  const user = await targetUser(db, userId);
  const account = await db
    .selectFrom("account")
    .select("id")
    .where("userId", "=", userId)
    .where("providerId", "=", "credential")
    .executeTakeFirst();
  if (account) throw new ServiceError("conflict", "This user has already set a password.");
  // Identifiers are stored as "invite:<digest>" (decision 0020): delete the rows themselves.
  await db.deleteFrom("verification").where("value", "=", userId).where("identifier", "like", "invite:%").execute();
  const url = await issueInvite(userId);
  await sendInviteMail(user.email, user.name, actor, url);
  await writeAudit(db, {
    action: "user.invited",
    target: user.email,
    ...auditFrom(actor),
    details: { role: user.role, resent: true },
  });
  return url;
}

async function issueInvite(userId: string): Promise<string> {
  const ctx = await getAuth().$context;
  const token = generateRandomString(32);
  await ctx.internalAdapter.createVerificationValue({
    identifier: inviteIdentifier(token),
    value: userId,
    expiresAt: new Date(Date.now() + INVITE_HOURS * 3600_000),
  });
  return `${getConfig().siteUrl}/admin/accept-invite?token=${encodeURIComponent(token)}`;
}

async function sendInviteMail(email: string, name: string, actor: Actor, url: string) {
  await sendMail({
    to: email,
    subject: "You are invited to the Meritum admin",
    text: [
      `Hello ${name || email},`,
      "",
      `${actor.email} invited you to the Meritum admin area.`,
      `Open this link within ${INVITE_HOURS} hours to set your password:`,
      "",
      url,
      "",
      "If you did not expect this invitation, ignore this e-mail.",
      "",
    ].join("\n"),
    html:
      `<p>Hello ${escapeHtml(name || email)},</p>` +
      `<p>${escapeHtml(actor.email)} invited you to the Meritum admin area. ` +
      `Open this link within ${INVITE_HOURS} hours to set your password:</p>` +
      `<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>` +
      "<p>If you did not expect this invitation, ignore this e-mail.</p>",
  });
}

/** The invited user for a valid, unused, unexpired token; otherwise null. */
export async function findInvite(db: DB, token: string): Promise<{ id: string; email: string; name: string } | null> {
  if (!token) return null;
  const ctx = await getAuth().$context;
  const v = await ctx.internalAdapter.findVerificationValue(inviteIdentifier(token));
  if (!v || new Date(v.expiresAt).getTime() < Date.now()) return null;
  const user = await db.selectFrom("user").select(["id", "email", "name"]).where("id", "=", v.value).executeTakeFirst();
  return user ?? null;
}

const INVITE_UNUSABLE =
  "This invitation link is invalid, already used or expired. Please ask an administrator for a new one.";

/** Sets the password of an invited user from the e-mailed token (`{ token, password, confirm }`). */
export async function acceptInvite(
  db: DB,
  raw: unknown,
  meta: { ip?: string | null; userAgent?: string | null },
): Promise<string> {
  const { token, password } = parseInput(tokenPasswordSchema, raw);
  assertPasswordAccepted(password);
  const user = await findInvite(db, token);
  if (!user) throw new ServiceError("bad_request", INVITE_UNUSABLE);
  const ctx = await getAuth().$context;
  const consumed = await ctx.internalAdapter.consumeVerificationValue(inviteIdentifier(token));
  if (!consumed) throw new ServiceError("bad_request", INVITE_UNUSABLE);
  await setPassword(db, user.id, password);
  await writeAudit(db, {
    action: "user.invite_accepted",
    actorId: user.id,
    actorEmail: user.email,
    target: user.email,
    ip: meta.ip,
    userAgent: meta.userAgent,
  });
  return user.email;
}

async function targetUser(db: DB, userId: string) {
  const user = await db.selectFrom("user").selectAll().where("id", "=", userId).executeTakeFirst();
  if (!user) throw new ServiceError("not_found", "This user no longer exists.");
  return user;
}

/**
 * Serialises the transactions that can remove an administrator (role change, disable,
 * delete), so that two of them at once cannot each see "one other admin left" and together
 * leave none. PostgreSQL: a transaction-scoped advisory lock; SQLite runs one write
 * transaction at a time already.
 */
const ADMIN_ROSTER_LOCK = 720_201;
async function lockAdminRoster(trx: DB): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${ADMIN_ROSTER_LOCK})`.execute(trx);
}

/** Active (not disabled) admins other than `exceptId`. */
async function otherActiveAdmins(db: DB, exceptId: string): Promise<number> {
  const row = await db
    .selectFrom("user")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("role", "=", "admin")
    .where("id", "!=", exceptId)
    .where((eb) => eb.or([eb("banned", "is", null), eb("banned", "=", false)]))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function setRole(db: DB, actor: Actor, userId: string, role: Role): Promise<void> {
  if (userId === actor.id) throw new ServiceError("conflict", "You cannot change your own role.");
  await db.transaction().execute(async (trx) => {
    await lockAdminRoster(trx);
    const user = await targetUser(trx, userId);
    if (user.role === role) return;
    if (user.role === "admin" && (await otherActiveAdmins(trx, userId)) === 0)
      throw new ServiceError("conflict", "The last administrator cannot lose the admin role.");
    await trx.updateTable("user").set({ role, updatedAt: nowIso() }).where("id", "=", userId).execute();
    await writeAudit(trx, {
      action: "user.role_changed",
      target: user.email,
      ...auditFrom(actor),
      details: { from: user.role, to: role },
    });
  });
}

export async function setDisabled(db: DB, actor: Actor, userId: string, disabled: boolean): Promise<void> {
  if (userId === actor.id) throw new ServiceError("conflict", "You cannot disable your own account.");
  await db.transaction().execute(async (trx) => {
    await lockAdminRoster(trx);
    const user = await targetUser(trx, userId);
    if (disabled && user.role === "admin" && (await otherActiveAdmins(trx, userId)) === 0)
      throw new ServiceError("conflict", "The last administrator cannot be disabled.");
    await trx
      .updateTable("user")
      .set({ banned: disabled, banReason: disabled ? "Disabled by an administrator" : null, updatedAt: nowIso() })
      .where("id", "=", userId)
      .execute();
    if (disabled) await trx.deleteFrom("session").where("userId", "=", userId).execute();
    await writeAudit(trx, {
      action: disabled ? "user.disabled" : "user.enabled",
      target: user.email,
      ...auditFrom(actor),
    });
  });
}

export async function resetTwoFactor(db: DB, actor: Actor, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const user = await targetUser(trx, userId);
    await trx.deleteFrom("twoFactor").where("userId", "=", userId).execute();
    await trx
      .updateTable("user")
      .set({ twoFactorEnabled: false, updatedAt: nowIso() })
      .where("id", "=", userId)
      .execute();
    await writeAudit(trx, { action: "user.two_factor_reset", target: user.email, ...auditFrom(actor) });
  });
}

export async function deleteUser(db: DB, actor: Actor, userId: string): Promise<void> {
  if (userId === actor.id) throw new ServiceError("conflict", "You cannot delete your own account.");
  await db.transaction().execute(async (trx) => {
    await lockAdminRoster(trx);
    const user = await targetUser(trx, userId);
    if (user.role === "admin" && (await otherActiveAdmins(trx, userId)) === 0)
      throw new ServiceError("conflict", "The last administrator cannot be deleted.");
    await trx.deleteFrom("user").where("id", "=", userId).execute();
    await writeAudit(trx, {
      action: "user.deleted",
      target: user.email,
      ...auditFrom(actor),
      details: { name: user.name, role: user.role },
    });
  });
}
