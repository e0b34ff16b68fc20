import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button-variants";

/** The call to action under articles: the free statement analysis. */
export function AnalysisCta({ heading = "Want a second opinion on your processing costs?" }: { heading?: string }) {
  return (
    <aside aria-labelledby="cta-heading" className="rounded-2xl bg-brand-900 px-6 py-8 text-white sm:px-10">
      <h2 id="cta-heading" className="text-2xl font-bold">
        {heading}
      </h2>
      <p className="mt-3 max-w-2xl leading-7 text-brand-100">
        Send us a recent statement and we will show you, line by line, what you pay today and what you could pay. Free,
        with no obligation to switch.
      </p>
      <Link to="/contact" className={buttonVariants({ size: "lg", className: "mt-6" })}>
        Get Free Analysis
      </Link>
    </aside>
  );
}
