import { data } from "react-router";
import { getDb } from "@server/db";
import { getSiteSettings, ownerPath } from "@server/settings/settings";
import { PageHeader } from "~/components/site/page-header";
import { seo } from "~/lib/seo";
import { useRootData } from "~/lib/site";
import type { Route } from "./+types/meet-owner";

/** /meet-{name}: only the owner slug from the settings store is a page; anything else is 404. */
export async function loader({ params }: Route.LoaderArgs) {
  const settings = await getSiteSettings(getDb());
  if (`/${params.page}` !== ownerPath(settings)) throw data(null, { status: 404 });
  return null;
}

export const meta: Route.MetaFunction = (args) => {
  const root = args.matches.find((m) => m?.id === "root")?.loaderData as { owner?: { name: string } } | undefined;
  const name = root?.owner?.name ?? "our founder";
  return seo(args, {
    title: `Meet ${name}`,
    description: `${name} founded Meritum in Gilbert, Arizona and has helped merchants get paid for more than 35 years. Book a call with him directly.`,
  });
};

export default function MeetOwner() {
  const { owner, settings } = useRootData();
  return (
    <PageHeader eyebrow="About" title={`Meet ${owner.name}`}>
      <p>
        {owner.name} is the {settings.ownerTitle.toLowerCase()} of {settings.companyName}. With {settings.experience} in
        payment processing, he still reviews statements himself and answers his own phone.
      </p>
    </PageHeader>
  );
}
