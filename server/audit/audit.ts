import crypto from "node:crypto";
import { sql, type ExpressionBuilder, type Selectable, type SqlBool } from "kysely";
import type { DB } from "../db";
import { containsPattern, nowIso } from "../db/dialect";
import type { AuditLogTable, Database } from "../db/schema";

/**
 * The audit log: one row per security-relevant or staff action (sign-ins and their
 * failures, lockouts, password and 2FA changes, session revokes, user administration,
 * and content/lead changes from the other areas). Actions are dotted names such as
 * "sign_in.success" or "user.role_changed".
 */
export interface AuditEntry {
  action: string;
  actorId?: string | null;
  actorEmail?: string | null;
  target?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  details?: Record<string, unknown>;
}

export interface AuditRow {
  id: string;
  createdAt: string;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  target: string | null;
  ip: string | null;
  userAgent: string | null;
  details: Record<string, unknown>;
}

export async function writeAudit(db: DB, entry: AuditEntry): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      id: crypto.randomUUID(),
      created_at: nowIso(),
      actor_id: entry.actorId ?? null,
      actor_email: entry.actorEmail ?? null,
      action: entry.action,
      target: entry.target ?? null,
      ip: entry.ip ?? null,
      user_agent: entry.userAgent ? entry.userAgent.slice(0, 400) : null,
      details: JSON.stringify(entry.details ?? {}),
    })
    .execute();
}

export interface AuditFilter {
  /** Matches actor e-mail or target, case-insensitively. */
  query?: string;
  /** Exact action, or a prefix ending in "." (e.g. "sign_in."). */
  action?: string;
  actorId?: string;
  /** Rows about this user: as actor, or with this e-mail/id as target. */
  subject?: { id: string; email: string };
  limit?: number;
  offset?: number;
}

export async function listAudit(db: DB, filter: AuditFilter = {}): Promise<{ rows: AuditRow[]; total: number }> {
  let q = db.selectFrom("audit_log");
  if (filter.query) {
    const like = `%${filter.query.trim()}%`;
    q = q.where((eb) =>
      eb.or([
        eb(eb.fn("lower", ["actor_email"]), "like", like.toLowerCase()),
        eb(eb.fn("lower", ["target"]), "like", like.toLowerCase()),
        eb(eb.fn("lower", ["action"]), "like", like.toLowerCase()),
      ]),
    );
  }
  if (filter.action) {
    q = filter.action.endsWith(".")
      ? q.where("action", "like", `${filter.action}%`)
      : q.where("action", "=", filter.action);
  }
  if (filter.actorId) q = q.where("actor_id", "=", filter.actorId);
  if (filter.subject) {
    const { id, email } = filter.subject;
    q = q.where((eb) =>
      eb.or([eb("actor_id", "=", id), eb("target", "=", email.toLowerCase()), eb("target", "=", id)]),
    );
  }
  const totalRow = await q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst();
  const rows = await q
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(Math.min(filter.limit ?? 50, 200))
    .offset(filter.offset ?? 0)
    .execute();
  return {
    total: Number(totalRow?.n ?? 0),
    rows: rows.map(toRow),
  };
}

const toRow = (r: Selectable<AuditLogTable>): AuditRow => ({
  id: r.id,
  createdAt: r.created_at,
  actorId: r.actor_id,
  actorEmail: r.actor_email,
  action: r.action,
  target: r.target,
  ip: r.ip,
  userAgent: r.user_agent,
  details: safeJson(r.details),
});

/** Where an entry names someone by e-mail: its target or details (a privacy request; the actor is staff). */
const naming = (email: string) => (eb: ExpressionBuilder<Database, "audit_log">) => {
  const like = containsPattern(email);
  return eb.or([
    sql<SqlBool>`lower(${sql.ref("target")}) like ${like} escape '\\'`,
    sql<SqlBool>`lower(${sql.ref("details")}) like ${like} escape '\\'`,
  ]);
};

/** The entries that name this e-mail address, or target one of these ids (a person's contacts), oldest first. */
export async function auditNaming(db: DB, email: string, targetIds: readonly string[] = []): Promise<AuditRow[]> {
  const rows = await db
    .selectFrom("audit_log")
    .selectAll()
    .where((eb) => eb.or([naming(email)(eb), ...(targetIds.length ? [eb("target", "in", targetIds)] : [])]))
    .orderBy("created_at")
    .limit(1000)
    .execute();
  return rows.map(toRow);
}

/**
 * Takes an e-mail address out of the entries that name it (an erasure): it becomes
 * "[erased]" in their target and details; what was done, when and by whom stays. Returns
 * how many entries changed.
 */
export async function redactAuditNaming(trx: DB, email: string): Promise<number> {
  const rows = await trx.selectFrom("audit_log").select(["id", "target", "details"]).where(naming(email)).execute();
  const pattern = new RegExp(email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "gi");
  for (const row of rows)
    await trx
      .updateTable("audit_log")
      .set({
        target: row.target?.replace(pattern, "[erased]") ?? null,
        details: row.details.replace(pattern, "[erased]"),
      })
      .where("id", "=", row.id)
      .execute();
  return rows.length;
}

/** Distinct action names, for the filter menu. */
export async function auditActions(db: DB): Promise<string[]> {
  const rows = await db.selectFrom("audit_log").select("action").distinct().orderBy("action").execute();
  return rows.map((r) => r.action);
}

function safeJson(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Human wording for the audit actions this area writes. */
export const auditActionLabels: Record<string, string> = {
  "sign_in.success": "Signed in",
  "sign_in.failure": "Failed sign-in",
  "sign_in.locked": "Account locked after failed sign-ins",
  "sign_in.blocked": "Sign-in refused while locked",
  "sign_in.two_factor_failure": "Wrong authenticator or backup code",
  sign_out: "Signed out",
  "password.changed": "Password changed",
  "password.check_failed": "Wrong current password entered",
  "password.reset_requested": "Password reset requested",
  "password.reset": "Password reset by e-mail link",
  "two_factor.enabled": "Two-factor authentication enabled",
  "two_factor.disabled": "Two-factor authentication disabled",
  "session.revoked": "Session revoked",
  "session.revoked_others": "Signed out everywhere else",
  "session.idle_timeout": "Signed out after inactivity",
  "session.reauthenticated": "Confirmed password for a sensitive action",
  "session.reauth_failure": "Wrong password when confirming a sensitive action",
  "session.ended_password_failures": "Signed out after 5 wrong passwords in a row",
  "user.created": "User created",
  "user.invited": "User invited",
  "user.invite_accepted": "Invitation accepted",
  "user.role_changed": "Role changed",
  "user.disabled": "User disabled",
  "user.enabled": "User enabled",
  "user.two_factor_reset": "Two-factor authentication reset",
  "user.deleted": "User deleted",
  ...Object.fromEntries(
    (
      [
        ["blog_post", "Blog post"],
        ["help_guide", "Help guide"],
      ] as const
    ).flatMap(([key, noun]) => [
      [`${key}.created`, `${noun} created`],
      [`${key}.updated`, `${noun} saved`],
      [`${key}.autosaved`, `${noun} autosaved`],
      [`${key}.restored`, `${noun} revision restored`],
      [`${key}.published`, `${noun} published`],
      [`${key}.unpublished`, `${noun} unpublished`],
      [`${key}.deleted`, `${noun} deleted`],
    ]),
  ),
  "contact.created": "Contact added",
  "contact.updated": "Contact edited",
  "contact.status_changed": "Contact status changed",
  "contact.owner_changed": "Contact owner changed",
  "contact.note_added": "Note added to a contact",
  "contact.touch_logged": "Call or e-mail logged on a contact",
  "contact.deleted": "Contact erased",
  "contact.exported": "Contacts exported as CSV",
  "privacy.searched": "Privacy request: data looked up",
  "privacy.exported": "Privacy request: data exported",
  "privacy.erased": "Privacy request: data erased",
  "privacy.request_done": "Privacy request marked done",
  "webhook.created": "Webhook added",
  "webhook.updated": "Webhook changed",
  "webhook.deleted": "Webhook removed",
  "webhook.secret_rotated": "Webhook signing secret replaced",
  "webhook.test_sent": "Webhook test event sent",
  "webhook.delivery_resent": "Webhook delivery sent again",
  "proposal.pricing_changed": "Proposal pricing changed",
  "proposal.review_saved": "Statement review saved",
  "proposal.sent": "Proposal sent",
  "proposal.accepted": "Proposal accepted by the merchant",
};

/** Who acted, from where (an admin API call's `apiActor`). */
export interface AuditActor {
  id: string;
  email: string;
  ip?: string | null;
  userAgent?: string | null;
}

/** Writes an audit row for a staff action; nothing when there is no actor (seeds, scripts). */
export async function writeAuditBy(
  db: DB,
  actor: AuditActor | undefined,
  entry: Pick<AuditEntry, "action" | "target" | "details">,
): Promise<void> {
  if (!actor) return;
  await writeAudit(db, {
    ...entry,
    actorId: actor.id,
    actorEmail: actor.email,
    ip: actor.ip ?? null,
    userAgent: actor.userAgent ?? null,
  });
}
