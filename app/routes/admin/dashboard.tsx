import { Dashboard } from "~/components/admin/dashboard/dashboard";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Dashboard · Admin",
    description: "New leads, recent content and account activity at a glance.",
    noindex: true,
  });

/** /admin: the figures come from GET /api/admin/dashboard (the layout checks the "dashboard" permission). */
export default function DashboardPage() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-bold text-foreground">Dashboard</h1>
        <p className="mt-2 text-muted-foreground">New leads, content that needs attention and recent activity.</p>
      </div>
      <Dashboard />
    </div>
  );
}
