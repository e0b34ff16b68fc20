import { data } from "react-router";
import { getDb } from "@server/db";
import { getPublishedIndustry } from "@server/industries/industries";
import { PageHeader } from "~/components/site/page-header";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/industry";

export async function loader({ params }: Route.LoaderArgs) {
  const industry = await getPublishedIndustry(getDb(), params.slug);
  if (!industry) throw data(null, { status: 404 });
  return { industry };
}

export const meta: Route.MetaFunction = (args) =>
  args.loaderData
    ? seo(args, {
        title: `Payment Processing for ${args.loaderData.industry.name}`,
        description: args.loaderData.industry.summary,
      })
    : [];

export default function IndustryPage({ loaderData }: Route.ComponentProps) {
  const { industry } = loaderData;
  return (
    <PageHeader eyebrow="Industries" title={`Payment processing for ${industry.name.toLowerCase()}`}>
      <p>{industry.summary}</p>
    </PageHeader>
  );
}
