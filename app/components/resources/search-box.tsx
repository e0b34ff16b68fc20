import { Search } from "lucide-react";
import { Form } from "react-router";
import { cn } from "~/lib/utils";

/** A GET form to /resources/search; works without JavaScript. */
export function SearchBox({
  defaultValue = "",
  className,
  id = "resources-search",
}: {
  defaultValue?: string;
  className?: string;
  id?: string;
}) {
  return (
    <Form method="get" action="/resources/search" role="search" className={cn("flex w-full max-w-xl gap-2", className)}>
      <label htmlFor={id} className="sr-only">
        Search articles, guides and FAQ
      </label>
      <div className="relative flex-1">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-slate-500"
          aria-hidden
        />
        <input
          id={id}
          type="search"
          name="q"
          defaultValue={defaultValue}
          maxLength={200}
          placeholder="Search, e.g. chargebacks or interchange"
          className={
            "h-12 w-full rounded-md border border-slate-300 bg-white pl-10 pr-3 text-base text-slate-900 " +
            "shadow-sm placeholder:text-slate-500 focus-visible:border-brand-600"
          }
        />
      </div>
      <button
        type="submit"
        className={
          "inline-flex h-12 items-center rounded-md bg-brand-800 px-5 text-base font-semibold text-white " +
          "transition-colors duration-200 hover:bg-brand-900"
        }
      >
        Search
      </button>
    </Form>
  );
}
