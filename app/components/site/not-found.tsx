import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";

export function NotFound() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">404</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900 sm:text-4xl">Page not found</h1>
      <p className="mt-4 text-lg text-slate-600">
        The page you asked for isn't here. It may have moved, or the address may have a typo.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonVariants({ variant: "secondary" })}>
          Go to the home page
        </Link>
        <Link to="/resources" className={buttonVariants({ variant: "outline" })}>
          Browse resources
        </Link>
        <Link to="/contact" className={buttonVariants({ variant: "outline" })}>
          Contact us
        </Link>
      </div>
    </section>
  );
}
