import { DeliveryLog } from "~/components/admin/integrations/delivery-log";
import { WebhookList } from "~/components/admin/integrations/webhook-list";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/integrations";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Integrations · Admin",
    description: "Webhooks that send leads and pipeline changes to other systems.",
    noindex: true,
  });

/**
 * Outgoing webhooks and their delivery log (admins only, the "integrations" permission):
 * the data comes from /api/admin/integrations (server/webhooks/api.ts).
 */
export default function IntegrationsPage() {
  return (
    <div className="grid grid-cols-1 gap-8">
      <div>
        <h1 className="text-2xl font-bold text-foreground">Integrations</h1>
        <p className="mt-2 text-muted-foreground">
          Webhooks send new leads and pipeline changes to other systems, such as a CRM or a team chat, as they happen.
        </p>
      </div>
      <WebhookList />
      <DeliveryLog />
    </div>
  );
}
