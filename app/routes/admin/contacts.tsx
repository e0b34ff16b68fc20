import { ContactsTable } from "~/components/admin/contacts/contacts-table";
import { NewContact } from "~/components/admin/contacts/new-contact";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/contacts";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Contacts · Admin",
    description: "Every lead and customer, and where each one stands.",
    noindex: true,
  });

/**
 * The contacts list (GET /api/admin/contacts with the filters of the URL). The layout's gate
 * checks the "contacts" permission; every change goes through the API and is audited.
 */
export default function ContactsPage() {
  return (
    <div className="grid grid-cols-1 gap-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-foreground">Contacts</h1>
          <p className="mt-2 text-muted-foreground">Every lead and customer, and where each one stands.</p>
        </div>
        <NewContact />
      </div>
      <ContactsTable />
    </div>
  );
}
