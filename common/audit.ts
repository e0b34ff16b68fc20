import * as z from "zod/mini";
import { AUDIT_FILTER_LIMITS as L } from "./limits";

/**
 * The audit log's query string (`GET /api/admin/users/audit-log`): `?q=` matches the person
 * or the target, `?action=` one action (or a prefix ending in "."), `?page=` from 1. An
 * empty filter is no filter; a page that is not a whole number from 1 is the first page.
 */
const filter = (label: string, max: number) =>
  z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(max, `${label} must be ${max} characters or fewer.`))),
    z.transform((value) => value || undefined),
  );

export const auditLogQuerySchema = z.object({
  q: filter("The search", L.search),
  action: filter("The action", L.action),
  page: z.catch(z.pipe(z.coerce.number(), z.int().check(z.minimum(1))), 1),
});
export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;
