import type { Generated } from "kysely";

/**
 * Table types shared by both dialects. Timestamps are ISO-8601 strings on both (the pg
 * pool parses timestamptz to ISO text); booleans come back as 0/1 from SQLite and as
 * booleans from PostgreSQL, so services read them with `Boolean(x)`.
 */
export interface SiteSettingsTable {
  key: string;
  value: string; // JSON
  updated_at: string;
}

export interface IndustriesTable {
  id: string;
  slug: string;
  name: string;
  summary: string;
  body: string;
  needs: string;
  recommended_setup: string;
  sort_order: number;
  published: number | boolean;
  created_at: string;
  updated_at: string;
}

/** better-auth's tables (its default camelCase names; see migration 0005-auth). */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: number | boolean;
  image: string | null;
  createdAt: string;
  updatedAt: string;
  twoFactorEnabled: number | boolean | null;
  role: string | null;
  banned: number | boolean | null;
  banReason: string | null;
  banExpires: string | null;
}

export interface SessionTable {
  id: string;
  expiresAt: string;
  token: string;
  createdAt: string;
  updatedAt: string;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
  impersonatedBy: string | null;
}

export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: string | null;
  refreshTokenExpiresAt: string | null;
  scope: string | null;
  password: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: string;
  createdAt: string;
  updatedAt: string;
}

export interface TwoFactorTable {
  id: string;
  secret: string;
  backupCodes: string;
  userId: string;
  verified: number | boolean | null;
  failedVerificationCount: number | null;
  lockedUntil: string | null;
}

export interface AuditLogTable {
  id: string;
  created_at: string;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  target: string | null;
  ip: string | null;
  user_agent: string | null;
  details: string; // JSON object
}

export interface SignInLockoutsTable {
  email: string;
  failures: number;
  locked_until: string | null;
  updated_at: string;
}

export interface Database {
  site_settings: SiteSettingsTable;
  industries: IndustriesTable;
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  twoFactor: TwoFactorTable;
  audit_log: AuditLogTable;
  sign_in_lockouts: SignInLockoutsTable;
}

export type { Generated };
