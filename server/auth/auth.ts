import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { admin, twoFactor } from "better-auth/plugins";
import { adminAc, userAc } from "better-auth/plugins/admin/access";
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from "kysely";
import { writeAudit } from "../audit/audit";
import { getConfig } from "../config";
import { getDb, type DB } from "../db";
import { isPostgres } from "../db/dialect";
import { log } from "../logger";
import { escapeHtml, sendMail } from "../mail/mail";
import { clearFailures, lockedUntil } from "./lockout";
import { sessionPasswordKey } from "./session-password";
import { PASSWORD_LENGTH } from "@common/limits";
import { passwordProblem } from "./password-policy";
import { SessionTokenHashPlugin } from "./session-token-plugin";
import { storedVerificationIdentifier } from "./token-hash";
import { claimTotpStep } from "./totp-replay";

/** Header carrying the client IP computed by server/main.ts (client-supplied copies are stripped). */
export const CLIENT_IP_HEADER = "x-meritum-client-ip";
export const SIGN_IN_FAILED_MESSAGE = "E-mail or password is incorrect.";
/** The same sentence whether or not an account exists for the address. */
export function lockedMessage(minutes = getConfig().auth.lockoutMinutes): string {
  const wait = minutes >= 1 ? `${Math.round(minutes)} minute${Math.round(minutes) === 1 ? "" : "s"}` : "a moment";
  return `Too many failed sign-in attempts for this account. Please wait ${wait}, or reset your password.`;
}
export const DISABLED_MESSAGE = "This account is disabled. Please ask an administrator.";
export const ACCOUNT_LOCKED_CODE = "ACCOUNT_LOCKED";

/** A TOTP code presented a second time (within its 30-second window). */
export const CODE_ALREADY_USED = "CODE_ALREADY_USED";

/**
 * Our pg pool parses timestamptz to ISO strings (so both dialects return the same thing);
 * better-auth expects Date objects from a "postgres" adapter. This plugin, applied only to
 * the Kysely handle better-auth uses, turns its date columns back into Dates.
 */
const AUTH_DATE_COLUMNS = new Set([
  "expiresAt",
  "createdAt",
  "updatedAt",
  "accessTokenExpiresAt",
  "refreshTokenExpiresAt",
  "banExpires",
  "lockedUntil",
]);
class AuthDatesPlugin implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    for (const row of args.result.rows) {
      for (const key of Object.keys(row)) {
        const value = row[key];
        if (typeof value === "string" && AUTH_DATE_COLUMNS.has(key.replace(/^_joined_[A-Za-z]+_/, "")))
          row[key] = new Date(value);
      }
    }
    return args.result;
  }
}

function headerValue(headers: Headers | undefined, name: string): string | null {
  return headers?.get(name) ?? null;
}

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

export function requestMeta(headers: Headers | undefined): RequestMeta {
  return { ip: headerValue(headers, CLIENT_IP_HEADER), userAgent: headerValue(headers, "user-agent") };
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** Whose sign-in this is: the pending 2FA cookie names a verification row holding the user id. */
async function pendingTwoFactorUser(ctx: HookContext): Promise<{ id: string; email: string } | undefined> {
  try {
    const signed = await ctx.getSignedCookie(ctx.context.createAuthCookie("two_factor").name, ctx.context.secret);
    const pending = signed ? await ctx.context.internalAdapter.findVerificationValue(signed) : null;
    if (!pending) return undefined;
    return await getDb().selectFrom("user").select(["id", "email"]).where("id", "=", pending.value).executeTakeFirst();
  } catch {
    return undefined;
  }
}

/** The user a TOTP code is for: the pending sign-in, or (when turning 2FA on) the signed-in user. */
async function totpUser(ctx: HookContext): Promise<{ id: string; email: string } | undefined> {
  const pending = await pendingTwoFactorUser(ctx);
  if (pending) return pending;
  const session = await getSessionFromCtx(ctx).catch(() => null);
  return session ? { id: session.user.id, email: session.user.email } : undefined;
}

function createAuth(db: DB) {
  const config = getConfig();
  const authDb = db.withPlugin(new AuthDatesPlugin()).withPlugin(new SessionTokenHashPlugin());
  const window = config.auth.rateLimitWindowSeconds;
  const max = config.auth.rateLimitMax;
  return betterAuth({
    appName: "Meritum",
    baseURL: config.siteUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    telemetry: { enabled: false },
    database: { db: authDb, type: isPostgres(db) ? "postgres" : "sqlite", transaction: true },
    // Requests reach us through the site itself; accept the origin the request was made to.
    trustedOrigins: (request) => {
      const origins = [config.siteUrl];
      const host = request?.headers.get("host");
      if (host) origins.push(`http://${host}`, `https://${host}`);
      return origins;
    },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: PASSWORD_LENGTH.min,
      maxPasswordLength: PASSWORD_LENGTH.max,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const url = `${config.siteUrl}/admin/reset-password?token=${encodeURIComponent(token)}`;
        // Not awaited: the request answers as fast for a real account as for an unknown
        // address, so its timing does not tell whether an account exists.
        void sendMail({
          to: user.email,
          subject: "Reset your Meritum admin password",
          text: [
            `Hello ${user.name},`,
            "",
            "Someone (hopefully you) asked to reset the password of your Meritum admin account.",
            "Open this link within one hour to choose a new password:",
            "",
            url,
            "",
            "The link works once. If you did not ask for this, ignore this e-mail; your password stays as it is.",
            "",
          ].join("\n"),
          html:
            `<p>Hello ${escapeHtml(user.name)},</p>` +
            "<p>Someone (hopefully you) asked to reset the password of your Meritum admin account. " +
            "Open this link within one hour to choose a new password:</p>" +
            `<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>` +
            "<p>The link works once. If you did not ask for this, ignore this e-mail; your password stays as it is.</p>",
        }).catch((err) => log.error("password reset mail failed", { err, userId: user.id }));
      },
    },
    session: {
      // Absolute lifetime: the expiry is set at sign-in and never extended (decision 0019).
      // The idle timeout and re-authentication are ours (server/auth/session-policy.ts).
      expiresIn: Math.round(config.auth.sessionMaxMs / 1000),
      disableSessionRefresh: true,
      freshAge: 0,
    },
    // Reset links, invitations and the pending 2FA step are stored as digests (decision 0020).
    verification: { storeIdentifier: { hash: async (identifier) => storedVerificationIdentifier(identifier) } },
    rateLimit: {
      enabled: true,
      storage: "memory",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window, max },
        "/two-factor/*": { window, max },
        "/request-password-reset": { window, max },
      },
    },
    advanced: {
      useSecureCookies: config.isProduction,
      cookiePrefix: "meritum",
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: config.isProduction },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    plugins: [
      twoFactor({ issuer: "Meritum", backupCodeOptions: { amount: 10, length: 10 } }),
      admin({
        defaultRole: "editor",
        adminRoles: ["admin"],
        roles: { admin: adminAc, editor: userAc },
        bannedUserMessage: DISABLED_MESSAGE,
      }),
    ],
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        if (ctx.path === "/sign-in/email") {
          const email = String(body.email ?? "")
            .trim()
            .toLowerCase()
            .slice(0, 254);
          if (email && (await lockedUntil(db, email))) {
            await writeAudit(db, { action: "sign_in.blocked", target: email, ...requestMeta(ctx.headers) });
            throw APIError.from("TOO_MANY_REQUESTS", { message: lockedMessage(), code: ACCOUNT_LOCKED_CODE });
          }
        }
        if (ctx.path === "/two-factor/verify-totp" && typeof body.code === "string") {
          const user = await totpUser(ctx);
          if (user && (await claimTotpStep(db, ctx.context.secretConfig, user.id, body.code.trim())) === "replayed") {
            await writeAudit(db, {
              action: "sign_in.two_factor_failure",
              actorId: user.id,
              actorEmail: user.email,
              target: user.email,
              ...requestMeta(ctx.headers),
              details: { method: "totp", reason: "code_already_used" },
            });
            throw APIError.from("UNAUTHORIZED", {
              message: "That code was already used. Wait for the next code in your authenticator app.",
              code: CODE_ALREADY_USED,
            });
          }
        }
        if (
          (ctx.path === "/reset-password" || ctx.path === "/change-password") &&
          typeof body.newPassword === "string"
        ) {
          const problem = passwordProblem(body.newPassword);
          if (problem) throw APIError.from("BAD_REQUEST", { message: problem, code: "WEAK_PASSWORD" });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const meta = requestMeta(ctx.headers);
        if (ctx.path === "/sign-in/email") {
          const email = String((ctx.body as Record<string, unknown> | undefined)?.email ?? "")
            .trim()
            .toLowerCase()
            .slice(0, 254);
          const returned = ctx.context.returned;
          if (isAPIError(returned)) {
            const code = (returned.body as { code?: string } | undefined)?.code;
            if (code === ACCOUNT_LOCKED_CODE) return;
            const disabled = returned.message === DISABLED_MESSAGE || code === "BANNED_USER";
            await writeAudit(db, {
              action: "sign_in.failure",
              target: email,
              ...meta,
              details: { reason: disabled ? "disabled" : "invalid_credentials" },
            });
            // The lockout count was reserved before the password check (server/auth/lockout.ts).
            return;
          }
          const session = ctx.context.newSession;
          if (!session) return;
          await clearFailures(db, email);
          await clearFailures(db, sessionPasswordKey(session.user.id));
          if ((session.user as { twoFactorEnabled?: boolean }).twoFactorEnabled) return; // audited when the second step succeeds
          await writeAudit(db, {
            action: "sign_in.success",
            actorId: session.user.id,
            actorEmail: session.user.email,
            target: session.user.email,
            ...meta,
            details: { method: "password" },
          });
        }
        if (
          (ctx.path === "/two-factor/verify-totp" || ctx.path === "/two-factor/verify-backup-code") &&
          isAPIError(ctx.context.returned)
        ) {
          const user = await pendingTwoFactorUser(ctx);
          await writeAudit(db, {
            action: "sign_in.two_factor_failure",
            actorId: user?.id,
            actorEmail: user?.email,
            target: user?.email,
            ...meta,
            details: { method: ctx.path.endsWith("totp") ? "totp" : "backup_code" },
          });
        }
      }),
    },
    logger: {
      log: (level, message, ...args) => {
        const fn = level === "error" ? log.error : level === "warn" ? log.warn : log.debug;
        fn.call(log, `better-auth: ${message}`, args.length ? { args: args.map(String) } : undefined);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

let instance: Auth | undefined;

/** The process-wide better-auth instance, on the process-wide database. */
export function getAuth(): Auth {
  instance ??= createAuth(getDb());
  return instance;
}

export type AuthSession = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;
export type AuthUser = AuthSession["user"];
