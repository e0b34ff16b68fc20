import { FormList } from "~/components/admin/forms/form-list";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/forms";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Forms · Admin",
    description: "The site's forms and the submissions each one receives.",
    noindex: true,
  });

/** /admin/forms: every form with its counts (components/admin/forms/form-list.tsx). */
export default function FormsPage() {
  return <FormList />;
}
