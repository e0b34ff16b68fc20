/**
 * better-auth's tables (its default camelCase names; see migration 0005-auth), beside schema.ts
 * so that file stays readable; `Database` includes them.
 */
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
  /** When the password was last given again in this session (migration 0015). */
  reauthenticatedAt: string | null;
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
  /** The last accepted TOTP time step (migration 0015): a code at or before it is refused. */
  lastUsedStep: number | null;
}

export interface AuthTables {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  twoFactor: TwoFactorTable;
}
