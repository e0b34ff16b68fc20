import * as z from "zod/mini";
import { PASSWORD_LENGTH, USER_LIMITS } from "./limits";
import { ROLES } from "./roles";
import { requiredText } from "./text";

/**
 * Staff accounts as people type them: invitations, roles, passwords. The users and
 * account services parse with these; the admin and sign-in forms validate with them.
 */
export const PASSWORD_RULE = `At least ${PASSWORD_LENGTH.min} characters, and not a commonly used password.`;
export const PASSWORDS_DIFFER = "The two passwords differ.";

/** Why a password's length is refused, or null (the common-password check is the server's). */
export function passwordLengthProblem(password: string): string | null {
  if (password.length < PASSWORD_LENGTH.min)
    return `The password must be at least ${PASSWORD_LENGTH.min} characters long.`;
  if (password.length > PASSWORD_LENGTH.max)
    return `The password must be at most ${PASSWORD_LENGTH.max} characters long.`;
  return null;
}

const INVALID_EMAIL = "Please enter a valid e-mail address.";

export const emailSchema = z.pipe(
  z
    .string({ error: INVALID_EMAIL })
    .check(
      z.trim(),
      z.toLowerCase(),
      z.maxLength(USER_LIMITS.email, `The e-mail address must be ${USER_LIMITS.email} characters or fewer.`),
    ),
  z.email(INVALID_EMAIL),
);

export const roleSchema = z.enum(ROLES, { error: "Choose admin or editor." });

export const inviteSchema = z.object({
  email: emailSchema,
  name: requiredText("a name", USER_LIMITS.name, { missing: "Please enter a name." }),
  role: roleSchema,
});
export type InviteInput = z.output<typeof inviteSchema>;

/** The staff list's query string: `?q=` matches a name or an e-mail address. */
export const userListQuerySchema = z.object({
  q: z.optional(
    z
      .string()
      .check(z.trim(), z.maxLength(USER_LIMITS.search, `Search for ${USER_LIMITS.search} characters or fewer.`)),
  ),
});

/** A change to another staff account: its role, or whether it may sign in. */
export const userChangeSchema = z
  .object({ role: z.optional(roleSchema), disabled: z.optional(z.boolean()) })
  .check(z.refine((v) => v.role !== undefined || v.disabled !== undefined, "Say what to change: role or disabled."));
export type UserChange = z.output<typeof userChangeSchema>;

/** A new password (length only here; the server also refuses common passwords). */
export const newPasswordSchema = z.string({ error: "Enter a password." }).check(
  z.superRefine((password, ctx) => {
    const problem = passwordLengthProblem(password);
    if (problem) ctx.issues.push({ code: "custom", input: password, message: problem });
  }),
);

/** An account created with its password (the admin:create command line). */
export const newUserSchema = z.extend(inviteSchema, { password: newPasswordSchema });

const passwordPairFields = { password: newPasswordSchema, confirm: z.string({ error: "Repeat the password." }) };

/** The one "passwords differ" rule, for every form that asks for a new password twice. */
const samePasswords = z.superRefine((value: { password: string; confirm: string }, ctx) => {
  if (value.password !== value.confirm)
    ctx.issues.push({ code: "custom", input: value.confirm, path: ["confirm"], message: PASSWORDS_DIFFER });
});

/** A new password typed twice (accepting an invitation, resetting a password). */
export const passwordPairSchema = z.object(passwordPairFields).check(samePasswords);

/** Accepting an invitation or using a reset link: the token from the e-mail and the new password twice. */
export const tokenPasswordSchema = z
  .object({
    token: z
      .string({ error: "This link is incomplete." })
      .check(z.trim(), z.minLength(1, "This link is incomplete."), z.maxLength(512)),
    ...passwordPairFields,
  })
  .check(samePasswords);

/** Changing one's own password: the current one, and the new one twice. */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: "Enter your current password." })
      .check(z.minLength(1, "Enter your current password.")),
    ...passwordPairFields,
  })
  .check(samePasswords);
export type ChangePasswordInput = z.output<typeof changePasswordSchema>;

/** Confirming a sensitive change with one's password (turning two-factor authentication on or off). */
export const passwordConfirmationSchema = z.object({
  password: z.string().check(z.minLength(1, "Enter your password.")),
});

/** A code from an authenticator app (spaces allowed, as apps show them). */
export const totpCodeSchema = z.object({
  code: z.pipe(
    z.pipe(
      z.string({ error: "Enter the code from your authenticator app." }),
      z.transform((v) => v.replace(/\s+/g, "")),
    ),
    z.string().check(z.regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app.")),
  ),
});

export const passwordResetRequestSchema = z.object({ email: emailSchema });

export const signInSchema = z.object({
  email: z
    .string({ error: "Please enter your e-mail and password." })
    .check(z.trim(), z.minLength(1, "Please enter your e-mail and password.")),
  password: z
    .string({ error: "Please enter your e-mail and password." })
    .check(z.minLength(1, "Please enter your e-mail and password.")),
});
