/** Who did it, from where: written to the audit log with every action. */
export interface Actor {
  id: string;
  email: string;
  ip?: string | null;
  userAgent?: string | null;
}
