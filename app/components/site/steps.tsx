export interface Step {
  title: string;
  text: string;
}

/** A numbered sequence (e.g. how switching works), as an ordered list. */
export function Steps({ items }: { items: Step[] }) {
  return (
    <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
      {items.map((step, index) => (
        <li key={step.title} className="relative rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <span
            className="inline-flex size-10 items-center justify-center rounded-full bg-brand-800 text-lg font-bold text-white"
            aria-hidden
          >
            {index + 1}
          </span>
          <h3 className="mt-4 text-lg font-semibold text-slate-900">
            <span className="sr-only">Step {index + 1}: </span>
            {step.title}
          </h3>
          <p className="mt-2 leading-7 text-slate-600">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
