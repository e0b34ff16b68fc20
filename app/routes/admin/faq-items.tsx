import { FaqItemsPage } from "~/components/admin/faq/faq-page";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/faq-items";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "FAQ items · Admin",
    description: "Questions and answers shown on the public FAQ page.",
    noindex: true,
  });

/** The FAQ items screen (components/admin/faq/faq-page.tsx). */
export default function Page() {
  return <FaqItemsPage />;
}
