import { SubmissionsInbox } from "~/components/admin/forms/submissions-inbox";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/form-submissions";

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: "Submissions · Admin", description: "What a form received.", noindex: true });

/** /admin/forms/:id/submissions: a form's inbox (components/admin/forms/submissions-inbox.tsx). */
export default function SubmissionsPage() {
  return <SubmissionsInbox />;
}
