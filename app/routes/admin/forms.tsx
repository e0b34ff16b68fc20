import { seo } from "~/lib/seo";
import type { Route } from "./+types/forms";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Forms · Admin",
    description: "The site's forms and the submissions each one receives.",
    noindex: true,
  });

export default function Page() {
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Forms</h1>
      <p className="mt-2 text-slate-600">The site's forms and the submissions each one receives.</p>
    </>
  );
}
