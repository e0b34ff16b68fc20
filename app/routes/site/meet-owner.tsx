import { CalendarClock, Phone } from "lucide-react";
import { Link } from "react-router";
import { getDb } from "@server/db";
import { ownerPath } from "@common/settings";
import { notFoundOrRedirect } from "@server/redirects/redirects";
import { getSiteSettings } from "@server/settings/settings";
import { CheckList } from "~/components/site/check-list";
import { CtaBand } from "~/components/site/cta-band";
import { JsonLd } from "~/components/site/json-ld";
import { PageHeader } from "~/components/site/page-header";
import { Section } from "~/components/site/section";
import { buttonVariants } from "~/components/ui/button-variants";
import { seo } from "~/lib/seo";
import { telHref, useRootData } from "~/lib/site";
import type { Route } from "./+types/meet-owner";

/**
 * /meet-{slug}: only the owner slug from the settings store is a page; an earlier owner path
 * answers 301 to it (server/redirects), anything else is 404.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const db = getDb();
  const settings = await getSiteSettings(db);
  if (`/${params.page}` !== ownerPath(settings)) return notFoundOrRedirect(db, request);
  return null;
}

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Meet {ownerName}",
    description:
      "{ownerName} founded {companyName} in {location} and has helped merchants get paid for {experience}. His story, his approach, and how to book a call with him directly.",
  });

export default function MeetOwner() {
  const { owner, settings, siteUrl } = useRootData();
  return (
    <>
      <JsonLd
        data={{
          "@type": "Person",
          name: owner.name,
          jobTitle: settings.ownerTitle,
          telephone: settings.phone,
          url: `${siteUrl}${owner.path}`,
          worksFor: { "@type": "FinancialService", "@id": `${siteUrl}/#organization`, name: settings.companyName },
        }}
      />
      <PageHeader
        eyebrow="About"
        title={`Meet ${owner.name}`}
        breadcrumbs={[
          { name: "About", path: "/about" },
          { name: `Meet ${owner.firstName}`, path: owner.path },
        ]}
        actions={
          <>
            <a href={telHref(settings.phone)} className={buttonVariants({ size: "lg" })}>
              <Phone className="size-5" aria-hidden />
              Call {settings.phone}
            </a>
            <Link to="/contact?topic=call" className={buttonVariants({ size: "lg", variant: "outline" })}>
              <CalendarClock className="size-5" aria-hidden />
              Book a call with {owner.firstName}
            </Link>
          </>
        }
      >
        <p>
          {settings.ownerTitle} of {settings.companyName}, with {settings.experience} in payment processing. He still
          reviews statements himself and answers his own phone.
        </p>
      </PageHeader>

      <Section id="story" eyebrow="The story" title={`Why ${owner.firstName} started ${settings.companyName}`}>
        <div className="grid gap-10 lg:grid-cols-3">
          <div className="space-y-5 text-lg leading-8 text-slate-700 lg:col-span-2">
            <p>
              {owner.firstName} began his career in a bank&apos;s merchant-services department, back when card sales
              were run through carbon-paper imprinters and authorizations came by phone. Over the next decades he set up
              thousands of merchants through every change in how people pay: magnetic stripes, dial-up terminals, the
              first online checkouts, chip cards, and now phones that take payments on their own.
            </p>
            <p>
              What didn&apos;t change was how often good businesses were overcharged. He kept meeting owners who had
              signed up at one rate and were paying double a year later, through &quot;non-qualified&quot; surcharges,
              annual fees and contracts that renewed without notice. {settings.companyName} is his answer: pricing with
              nothing to hide, agreements you can leave, and a person you can reach.
            </p>
            <p>
              Today he leads a small team from {settings.location}, working with businesses across the East Valley and
              merchants nationwide. Many of his customers have been with him for more than a decade, and most new ones
              arrive by referral.
            </p>
          </div>
          <dl className="grid content-start gap-4 rounded-2xl border border-slate-200 bg-slate-50 p-6">
            <div>
              <dt className="text-sm text-slate-600">Role</dt>
              <dd className="font-semibold text-slate-900">
                {settings.ownerTitle}, {settings.companyName}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">In payments for</dt>
              <dd className="font-semibold text-slate-900">{settings.experience}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Based in</dt>
              <dd className="font-semibold text-slate-900">{settings.location}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Direct line</dt>
              <dd>
                <a
                  href={telHref(settings.phone)}
                  className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
                >
                  {settings.phone}
                </a>
              </dd>
            </div>
          </dl>
        </div>
      </Section>

      <Section id="experience" eyebrow="Experience" title="What he brings to your account" tone="muted">
        <div className="grid gap-10 lg:grid-cols-2">
          <CheckList
            items={[
              `${settings.experience} in card processing, from bank merchant services to independent sales`,
              "Hands-on setup for restaurants, retail, medical and dental practices, e-commerce and nonprofits",
              "Reads a processing statement the way an accountant reads a ledger: every line, every fee",
              "Negotiated exits from long-term contracts and equipment leases for merchants who wanted out",
            ]}
          />
          <blockquote className="self-start rounded-2xl border-l-4 border-accent-600 bg-white p-6 text-lg italic leading-8 text-slate-700 shadow-sm">
            &quot;If I can&apos;t save you money, I&apos;ll tell you, and I&apos;ll show you why. Most people are
            surprised how often the answer is in the fine print.&quot;
            <footer className="mt-4 text-base font-semibold not-italic text-slate-900">
              {owner.name}, {settings.ownerTitle}
            </footer>
          </blockquote>
        </div>
      </Section>

      <Section id="book-a-call" eyebrow="Talk to him directly" title={`Book a call with ${owner.firstName}`}>
        <div className="grid gap-8 lg:grid-cols-3">
          <p className="text-lg leading-8 text-slate-700 lg:col-span-2">
            A 15-minute call is usually enough to tell whether you are overpaying. Call during business hours (Arizona
            time), or ask for a call back at a time that suits you and he will phone you. Have a recent processing
            statement nearby if you can.
          </p>
          <div className="flex flex-col gap-3">
            <a href={telHref(settings.phone)} className={buttonVariants({ size: "lg", variant: "secondary" })}>
              <Phone className="size-5" aria-hidden />
              Call {settings.phone}
            </a>
            <Link to="/contact?topic=call" className={buttonVariants({ size: "lg", variant: "outline" })}>
              Request a call back
            </Link>
          </div>
        </div>
      </Section>

      <CtaBand />
    </>
  );
}
