import { SubmissionPage } from "~/components/admin/forms/submission-page";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/form-submission";

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: "Submission · Admin", description: "One submission of a form.", noindex: true });

/** /admin/forms/:id/submissions/:submissionId: one submission (components/admin/forms/submission-page.tsx). */
export default function SubmissionRoute() {
  return <SubmissionPage />;
}
