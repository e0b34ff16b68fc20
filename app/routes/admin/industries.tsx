import { IndustriesPage } from "~/components/admin/industries/industries-page";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/industries";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Industries · Admin",
    description: "The industry pages under /industries.",
    noindex: true,
  });

/** The industry pages screen (components/admin/industries/industries-page.tsx). */
export default function Page() {
  return <IndustriesPage />;
}
