import { AuditLog } from "~/components/admin/users/audit-log";
import { InviteUser } from "~/components/admin/users/invite-user";
import { StaffTable } from "~/components/admin/users/staff-table";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/users";

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: "Users · Admin", description: "Staff accounts, their roles and their access.", noindex: true });

/**
 * Staff accounts and the audit log. The layout's gate checks the "users" permission; the
 * data comes from /api/admin/users through TanStack Query (no loader), and every change
 * goes through that API.
 */
export default function UsersPage() {
  return (
    <div className="grid grid-cols-1 gap-8">
      <div>
        <h1 className="text-2xl font-bold text-foreground">Users</h1>
        <p className="mt-2 text-muted-foreground">Staff accounts, their roles and their access.</p>
      </div>
      <InviteUser />
      <StaffTable />
      <AuditLog />
    </div>
  );
}
