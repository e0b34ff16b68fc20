import { FormEditor } from "~/components/admin/forms/form-editor";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/form-edit";

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: "Edit form · Admin", description: "A form's fields, recipients and message.", noindex: true });

/** /admin/forms/new and /admin/forms/:id: the form definition editor (components/admin/forms/form-editor.tsx). */
export default function FormEditPage() {
  return <FormEditor />;
}
