import { seo } from "~/lib/seo";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: "Choose a new password", description: "Set a new password for your Meritum staff account.", noindex: true });

export default function Page() {
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Choose a new password</h1>
      <p className="mt-2 text-sm text-slate-600">Choose a new password of at least 12 characters.</p>
    </>
  );
}
