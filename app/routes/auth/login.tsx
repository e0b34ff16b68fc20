import { seo } from "~/lib/seo";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: "Sign in", description: "Staff sign-in for the Meritum admin area.", noindex: true });

export default function Page() {
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Sign in</h1>
      <p className="mt-2 text-sm text-slate-600">Staff sign-in for the Meritum admin area.</p>
    </>
  );
}
