import { Phone } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button-variants";
import { telHref, useRootData } from "~/lib/site";

/** The closing call to action: Get Free Analysis, or call. */
export function CtaBand({
  title = "See what you could save, line by line",
  text,
  href = "/contact",
}: {
  title?: string;
  text?: string;
  href?: string;
}) {
  const { settings } = useRootData();
  return (
    <section aria-labelledby="cta-heading" className="bg-brand-900">
      <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-14 sm:px-6 lg:flex-row lg:items-center lg:justify-between">
        <div className="max-w-2xl">
          <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-white">
            {title}
          </h2>
          <p className="mt-3 text-lg leading-8 text-slate-200">
            {text ??
              "Send us a recent processing statement or a few numbers. We will show you what you pay today, what it should cost, and where the difference goes. Free, with no obligation."}
          </p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Link to={href} className={buttonVariants({ size: "lg" })}>
            Get Free Analysis
          </Link>
          <a href={telHref(settings.phone)} className={buttonVariants({ size: "lg", variant: "outlineOnDark" })}>
            <Phone className="size-5" aria-hidden />
            Call {settings.phone}
          </a>
        </div>
      </div>
    </section>
  );
}
