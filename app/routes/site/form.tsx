import { data, redirect } from "react-router";
import { FREE_ANALYSIS_SLUG } from "@common/forms";
import { getConfig } from "@server/config";
import { getDb } from "@server/db";
import { findActiveForm, publicForm } from "@server/forms/definitions";
import { issueFormToken } from "@server/forms/form-token";
import { handlePublicFormPost } from "@server/forms/pipeline";
import { requestInfoContext } from "@server/http/context";
import { PageHeader } from "~/components/site/page-header";
import { PublicFormView } from "~/components/site/public-form";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/form";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: args.loaderData?.form.name ?? "Form",
    description: args.loaderData?.form.description ?? "Send us your details and we'll be in touch.",
  });

/** /forms/<slug>: any active form staff built, rendered from its definition. */
export async function loader({ params }: Route.LoaderArgs) {
  if (params.slug === FREE_ANALYSIS_SLUG) throw redirect("/contact");
  const form = await findActiveForm(getDb(), params.slug);
  if (!form) throw data(null, { status: 404 });
  return {
    form: publicForm(form),
    token: issueFormToken(getConfig().authSecret),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await findActiveForm(getDb(), params.slug);
  if (!form || form.slug === FREE_ANALYSIS_SLUG) throw data(null, { status: 404 });
  return handlePublicFormPost(getDb(), request, context.get(requestInfoContext), form);
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export default function FormPage({ loaderData, actionData }: Route.ComponentProps) {
  const { form } = loaderData;
  return (
    <>
      <PageHeader eyebrow="Get in touch" title={form.name}>
        {form.description ? <p>{form.description}</p> : null}
      </PageHeader>
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:py-16">
        <section aria-label={form.name}>
          <PublicFormView form={form} token={loaderData.token} documentResult={actionData} />
        </section>
      </div>
    </>
  );
}
