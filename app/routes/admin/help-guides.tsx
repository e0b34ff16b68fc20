import { seo } from "~/lib/seo";
import type { Route } from "./+types/help-guides";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Help guides · Admin",
    description: "Write and order the step-by-step guides in the resources section.",
    noindex: true,
  });

export default function Page() {
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Help guides</h1>
      <p className="mt-2 text-slate-600">Write and order the step-by-step guides in the resources section.</p>
    </>
  );
}
