import { useQuery } from "@tanstack/react-query";
import type { SettingsResponse } from "@server/settings/api";
import { SettingsForm } from "~/components/admin/settings/settings-form";
import { Alert } from "~/components/ui/alert";
import { ListSkeleton } from "~/components/ui/skeleton";
import { failureMessage } from "~/components/ui/use-result-feedback";
import { settingsKeys } from "~/lib/query-keys";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Site settings · Admin",
    description: "Contact details, the owner page, opening hours and search defaults.",
    noindex: true,
  });

/** Site settings (admins only, the "settings" permission): GET/PATCH /api/admin/settings. */
export default function SettingsPage() {
  const settings = useQuery<SettingsResponse>({ queryKey: settingsKeys.detail() });
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-bold text-foreground">Site settings</h1>
        <p className="mt-2 text-muted-foreground">
          What the header, footer, owner page and search results show. Changes appear from the next page load.
        </p>
      </div>
      {settings.isPending ? (
        <ListSkeleton label="Loading settings..." />
      ) : settings.isError ? (
        <Alert variant="error">{failureMessage(settings.error)}</Alert>
      ) : (
        <SettingsForm key={JSON.stringify(settings.data.settings)} settings={settings.data.settings} />
      )}
    </div>
  );
}
