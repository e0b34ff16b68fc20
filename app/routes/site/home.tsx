import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { seo } from "~/lib/seo";
import { useRootData } from "~/lib/site";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Meritum | Merchant Accounts and Payment Processing in Gilbert, Arizona",
    description:
      "Merchant accounts, mobile payments and online payment gateways with transparent pricing and personal service. 35+ years serving the East Valley and merchants nationwide.",
  });

export default function Home() {
  const { settings } = useRootData();
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 sm:py-28">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
          {settings.location} · {settings.experience} of experience
        </p>
        <h1 className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-6xl">
          Payment processing with a person on the other end of the line
        </h1>
        <p className="mt-6 max-w-2xl text-lg leading-8 text-slate-600">
          Merchant accounts, mobile payments and online gateways for businesses in the East Valley and nationwide,
          priced so you can read your statement and supported by people who know your name.
        </p>
        <div className="mt-10 flex flex-wrap gap-3">
          <Link to="/contact" className={buttonVariants({ size: "lg" })}>
            Get Free Analysis
          </Link>
          <Link to="/services" className={buttonVariants({ size: "lg", variant: "outline" })}>
            Explore services
          </Link>
        </div>
      </div>
    </section>
  );
}
