import { ServiceError } from "@common/result";
import { signInSchema } from "@common/users";
import { writeAudit } from "../audit/audit";
import type { DB } from "../db";
import {
  ACCOUNT_LOCKED_CODE,
  CODE_ALREADY_USED,
  DISABLED_MESSAGE,
  getAuth,
  lockedMessage,
  SIGN_IN_FAILED_MESSAGE,
} from "./auth";
import { lockoutRule, recordFailedAttempt, reserveSignInAttempt } from "./lockout";
import { checkAuthRate, errorCode, errorMessage } from "./route-helpers";

/**
 * Staff sign-in, the two steps of the sign-in page (app/routes/auth/login.tsx, which only reads
 * the form and answers): the per-address rate limit, the per-e-mail lockout (decision 0004),
 * better-auth's password and second-factor checks, and the audit rows. Refusals are
 * ServiceErrors with the sentence to show; the cookies better-auth sets are appended to
 * `cookies`, for the answer.
 */

/** The request a sign-in step comes with: better-auth reads its cookies; the audit its address. */
export interface SignInRequest {
  headers: Headers;
  ip: string;
  userAgent: string | null;
}

/** Step one. Answers whether a second step (an authenticator or backup code) is due. */
export async function signInWithPassword(
  db: DB,
  form: { email: unknown; password: unknown },
  request: SignInRequest,
  cookies: Headers,
): Promise<{ twoFactor: boolean }> {
  const meta = { ip: request.ip, userAgent: request.userAgent };
  await checkAuthRate(request.ip, "sign-in");
  const input = signInSchema.safeParse({ email: form.email ?? "", password: form.password ?? "" });
  if (!input.success) throw new ServiceError("validation", input.error.issues[0]!.message);
  const email = input.data.email.toLowerCase();
  // The attempt is counted before the password is checked, so parallel guesses cannot pass the lockout.
  const reservation = await reserveSignInAttempt(db, input.data.email, lockoutRule());
  if (!reservation.allowed) {
    await writeAudit(db, { action: "sign_in.blocked", target: email, ...meta });
    throw new ServiceError("rate_limited", lockedMessage(), undefined, {
      retryAfterSeconds: reservation.retryAfterSeconds,
    });
  }
  try {
    const { headers: set, response } = await getAuth().api.signInEmail({
      body: { ...input.data, rememberMe: true },
      headers: request.headers,
      returnHeaders: true,
    });
    for (const cookie of set.getSetCookie()) cookies.append("Set-Cookie", cookie);
    return { twoFactor: Boolean((response as { twoFactorRedirect?: boolean }).twoFactorRedirect) };
  } catch (err) {
    if (errorCode(err) === ACCOUNT_LOCKED_CODE) throw new ServiceError("rate_limited", lockedMessage());
    if (await recordFailedAttempt(db, input.data.email, reservation, lockoutRule())) {
      await writeAudit(db, {
        action: "sign_in.locked",
        target: email,
        ...meta,
        details: { minutes: lockoutRule().minutes },
      });
    }
    const disabled = errorMessage(err, "") === DISABLED_MESSAGE;
    throw new ServiceError("unauthorized", disabled ? DISABLED_MESSAGE : SIGN_IN_FAILED_MESSAGE);
  }
}

/** A refused code; `restart`: the pending sign-in is gone, the password step comes again. */
export class SecondFactorError extends ServiceError {
  constructor(
    message: string,
    readonly restart: boolean,
  ) {
    super("unauthorized", message);
  }
}

/**
 * Step two: an authenticator code (`totp`) or a backup code, with the two-factor cookie from
 * step one. better-auth cancels the pending sign-in after 5 wrong codes (or when it took too
 * long): then the error says `restart`.
 */
export async function verifySecondFactor(
  db: DB,
  method: "totp" | "backup",
  rawCode: string,
  request: SignInRequest,
  cookies: Headers,
): Promise<void> {
  await checkAuthRate(request.ip, "two-factor");
  const code = rawCode.replace(/\s+/g, "");
  if (!code) throw new ServiceError("validation", "Please enter the code.");
  const auth = getAuth();
  try {
    const { headers: set, response } =
      method === "totp"
        ? await auth.api.verifyTOTP({ body: { code }, headers: request.headers, returnHeaders: true })
        : await auth.api.verifyBackupCode({ body: { code }, headers: request.headers, returnHeaders: true });
    for (const cookie of set.getSetCookie()) cookies.append("Set-Cookie", cookie);
    const user = (response as { user?: { id: string; email: string } }).user;
    if (user) {
      await writeAudit(db, {
        action: "sign_in.success",
        actorId: user.id,
        actorEmail: user.email,
        target: user.email,
        ip: request.ip,
        userAgent: request.userAgent,
        details: { method: method === "totp" ? "password+totp" : "password+backup_code" },
      });
    }
  } catch (err) {
    const errCode = errorCode(err);
    const tooMany = errCode === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE";
    const restart = tooMany || errCode === "INVALID_TWO_FACTOR_COOKIE";
    throw new SecondFactorError(
      tooMany
        ? "Too many wrong codes. For your security, please enter your e-mail and password again."
        : restart
          ? "Your sign-in took too long. Please enter your e-mail and password again."
          : errCode === CODE_ALREADY_USED
            ? "That code was already used. Wait for the next code in your authenticator app."
            : method === "totp"
              ? "That code is not valid. Please try the current code."
              : "That backup code is not valid or was already used.",
      restart,
    );
  }
}
