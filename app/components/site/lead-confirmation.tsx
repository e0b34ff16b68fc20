import { CircleCheck } from "lucide-react";
import { telHref, useRootData } from "~/lib/site";

/**
 * What the Free Analysis form becomes once the request is in: the page that answers the post
 * shows it in place of the form, its heading focused (it is the answer; no toast repeats it).
 */
export function LeadConfirmation({
  name,
  statement,
  statementRefused,
  reference,
}: {
  name: string;
  /** The submission's reference, as the auto-reply quotes it. */
  reference?: string | null;
  statement: boolean;
  /** A statement was attached but could not be accepted today (the daily limit). */
  statementRefused?: boolean;
}) {
  const { settings, owner } = useRootData();
  const firstName = name.trim().split(/\s+/)[0] || name;
  return (
    <div className="rounded-xl border border-success-border bg-success-muted p-6 sm:p-8" role="status">
      <CircleCheck className="size-10 text-accent-700" aria-hidden />
      <h3 tabIndex={-1} autoFocus className="mt-4 text-2xl font-bold text-slate-900 outline-none">
        Thank you, {firstName}. Your request is in.
      </h3>
      <p className="mt-3 text-slate-700">
        {owner.name}, our {settings.ownerTitle.toLowerCase()}, or a member of our team reviews every request personally.
        We'll call or e-mail you <strong>within one business day</strong>
        {statement ? ", and we've received your statement for a line-by-line review" : ""}.
      </p>
      {reference ? <SubmissionReference reference={reference} /> : null}
      {statementRefused ? (
        <p className="mt-3 rounded-md border border-warning-border bg-warning-muted p-3 text-warning">
          <strong>Your statement file could not be accepted today.</strong> We have your details; please send the file
          again tomorrow, or just tell us on the call and we'll ask you for it.
        </p>
      ) : null}
      <p className="mt-3 text-slate-700">
        Prefer to talk now? Call{" "}
        <a className="font-semibold text-brand-700 underline" href={telHref(settings.phone)}>
          {settings.phone}
        </a>{" "}
        ({settings.businessHours}).
      </p>
    </div>
  );
}

/** The reference a visitor quotes when they call or write ("MER-7K3QX"). */
export function SubmissionReference({ reference }: { reference: string }) {
  return (
    <p className="mt-3 text-slate-700">
      Your reference: <strong className="font-mono text-slate-900">{reference}</strong>. Please quote it if you call or
      write to us.
    </p>
  );
}
