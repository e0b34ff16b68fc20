import { seo } from "~/lib/seo";
import type { Route } from "./+types/faq-items";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "FAQ items · Admin",
    description: "Questions and answers shown on the public FAQ page.",
    noindex: true,
  });

export default function Page() {
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">FAQ items</h1>
      <p className="mt-2 text-slate-600">Questions and answers shown on the public FAQ page.</p>
    </>
  );
}
