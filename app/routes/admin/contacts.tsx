import { seo } from "~/lib/seo";
import type { Route } from "./+types/contacts";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Contacts · Admin",
    description: "Leads from the Free Analysis form, and where each one stands.",
    noindex: true,
  });

export default function Page() {
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Contacts</h1>
      <p className="mt-2 text-slate-600">Leads from the Free Analysis form, and where each one stands.</p>
    </>
  );
}
