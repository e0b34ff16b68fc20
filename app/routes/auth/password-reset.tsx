import { seo } from "~/lib/seo";
import type { Route } from "./+types/password-reset";

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: "Reset your password", description: "Request a link to reset your Meritum staff password.", noindex: true });

export default function Page() {
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Reset your password</h1>
      <p className="mt-2 text-sm text-slate-600">Enter your e-mail address and we'll send you a link to choose a new password.</p>
    </>
  );
}
