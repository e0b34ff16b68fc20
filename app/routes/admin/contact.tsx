import { ContactPage } from "~/components/admin/contacts/contact-page";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: "Contact · Admin", description: "One contact: details, timeline and pipeline.", noindex: true });

/** /admin/contacts/:id: one contact (components/admin/contacts/contact-page.tsx). */
export default function ContactRoute() {
  return <ContactPage />;
}
