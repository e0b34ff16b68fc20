import { seo } from "~/lib/seo";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Dashboard · Admin",
    description: "New leads, recent content and account activity at a glance.",
    noindex: true,
  });

export default function Page() {
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Dashboard</h1>
      <p className="mt-2 text-slate-600">New leads, recent content and account activity at a glance.</p>
    </>
  );
}
