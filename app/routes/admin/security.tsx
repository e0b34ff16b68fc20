import { seo } from "~/lib/seo";
import type { Route } from "./+types/security";

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: "Security · Admin", description: "Your password, two-factor authentication and active sessions.", noindex: true });

export default function Page() {
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Security</h1>
      <p className="mt-2 text-slate-600">Your password, two-factor authentication and active sessions.</p>
    </>
  );
}
