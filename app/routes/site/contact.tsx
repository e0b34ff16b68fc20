import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { getConfig } from "@server/config";
import { getDb } from "@server/db";
import { requestInfoContext } from "@server/http/context";
import { getFreeAnalysisForm, publicForm } from "@server/forms/definitions";
import { issueFormToken } from "@server/forms/form-token";
import { handlePublicFormPost } from "@server/forms/pipeline";
import { FreeAnalysisForm } from "~/components/site/free-analysis-form";
import { PageHeader } from "~/components/site/page-header";
import { prefillFromSearch } from "@common/lead";
import { seo } from "~/lib/seo";
import { telHref, useRootData } from "~/lib/site";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Contact Us and Get a Free Analysis",
    description:
      "Send Meritum your details, or a recent processing statement, and get a free, no-obligation analysis of what you pay and what you could save.",
  });

export async function loader({ request }: Route.LoaderArgs) {
  const prefill = prefillFromSearch(new URL(request.url).searchParams);
  const form = await getFreeAnalysisForm(getDb());
  return { token: issueFormToken(getConfig().authSecret), prefill, form: publicForm(form) };
}

/** The Free Analysis form posts through the one public form pipeline (server/forms/pipeline.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  const db = getDb();
  return handlePublicFormPost(db, request, context.get(requestInfoContext), await getFreeAnalysisForm(db));
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, owner } = useRootData();
  return (
    <>
      <PageHeader eyebrow="Free analysis" title="Get your free statement analysis">
        <p>
          Tell us a little about your business, or attach a recent processing statement. We'll review what you pay today
          and show you, line by line, where you could save. No obligation, no pressure.
        </p>
      </PageHeader>
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-12 sm:px-6 lg:grid-cols-3 lg:py-16">
        <section aria-labelledby="lead-form-heading" className="lg:col-span-2">
          <h2 id="lead-form-heading" className="sr-only">
            Free analysis request form
          </h2>
          <FreeAnalysisForm
            form={loaderData.form}
            token={loaderData.token}
            prefill={loaderData.prefill}
            documentResult={actionData}
          />
        </section>
        <aside className="grid content-start gap-8" aria-labelledby="contact-details-heading">
          <section className="rounded-xl border border-slate-200 bg-slate-50 p-6">
            <h2 id="contact-details-heading" className="text-lg font-bold text-slate-900">
              Rather talk to a person?
            </h2>
            <ul className="mt-4 grid gap-4 text-sm text-slate-700">
              <li className="flex items-start gap-3">
                <Phone className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden />
                <span>
                  <span className="block font-semibold text-slate-900">Phone</span>
                  <a className="text-brand-700 underline" href={telHref(settings.phone)}>
                    {settings.phone}
                  </a>
                </span>
              </li>
              <li className="flex items-start gap-3">
                <Mail className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden />
                <span>
                  <span className="block font-semibold text-slate-900">E-mail</span>
                  <a className="break-all text-brand-700 underline" href={`mailto:${settings.email}`}>
                    {settings.email}
                  </a>
                </span>
              </li>
              <li className="flex items-start gap-3">
                <Clock className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden />
                <span>
                  <span className="block font-semibold text-slate-900">Hours</span>
                  {settings.businessHours}
                </span>
              </li>
              <li className="flex items-start gap-3">
                <MapPin className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden />
                <span>
                  <span className="block font-semibold text-slate-900">Location</span>
                  {settings.location}
                  <span className="block text-slate-600">Serving the East Valley and merchants nationwide</span>
                </span>
              </li>
            </ul>
          </section>
          <section aria-labelledby="what-happens-heading">
            <h2 id="what-happens-heading" className="text-lg font-bold text-slate-900">
              What happens next
            </h2>
            <ol className="mt-4 grid list-decimal gap-3 pl-5 text-sm leading-6 text-slate-700">
              <li>{owner.name} or a member of our team reads your request, and your statement if you sent one.</li>
              <li>We call or e-mail you within one business day to fill in anything we need.</li>
              <li>
                You get a plain-English comparison of what you pay now and what you would pay with us. Free, and yours
                to keep.
              </li>
            </ol>
            <p className="mt-4 text-sm text-slate-600">
              Statements are stored privately and read only by our staff. See our{" "}
              <a className="text-brand-700 underline" href="/privacy-policy">
                privacy policy
              </a>
              .
            </p>
          </section>
        </aside>
      </div>
    </>
  );
}
