import { CircleAlert } from "lucide-react";
import { dataAttr } from "~/enhance/data-attributes";
import { dataProps } from "~/lib/data-props";

/**
 * The summary a public form shows above its fields when a send fails: the sentence about the
 * whole form and a link to each field in error (focus moves here when no field can take it).
 * The server renders it after a post; app/enhance/form-errors.ts clones it from the form's
 * template (FormCheckData) for the browser's own check.
 */
export function FormErrorSummary({
  id,
  message,
  links,
  autoFocus,
}: {
  id: string;
  message: string;
  /** Each field in error, in form order: its input's id and its message. */
  links: Array<{ target: string; text: string }>;
  /** After a post that named no field: the answer page focuses the summary. */
  autoFocus?: boolean;
}) {
  return (
    <div
      id={id}
      role="alert"
      tabIndex={-1}
      autoFocus={autoFocus || undefined}
      {...dataProps(dataAttr.errorSummary)}
      className="flex gap-3 rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-800 outline-none"
    >
      <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div>
        <p className="font-semibold">{message}</p>
        {links.length > 0 ? (
          <ul className="mt-2 grid list-disc gap-1 pl-5">
            {links.map((link) => (
              <li key={link.target}>
                <a className="block min-h-6 py-0.5 underline" href={`#${link.target}`}>
                  {link.text}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
