import type { ReactNode } from "react";
import { Link } from "react-router";
import type { PrivacyRequestKind } from "@common/privacy";
import { PageHeader } from "~/components/site/page-header";
import { Alert } from "~/components/ui/alert";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/utils";

/**
 * The pages of /privacy-request/confirm (decision 0050): what the e-mailed link would confirm,
 * with the button that confirms it (a plain form post: public pages are never hydrated,
 * decision 0037); the confirmation; and a link that cannot be used, saying why.
 */

const WHAT: Record<PrivacyRequestKind, string> = {
  access: "send you a copy of the information we hold about you",
  delete: "delete the information we hold about you",
};

const REQUEST_NAME: Record<PrivacyRequestKind, string> = {
  access: "A copy of my data",
  delete: "Delete my data",
};

const dueDate = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "America/Phoenix" }).format(new Date(iso));

function Below({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <div className="max-w-2xl text-lg text-slate-700">{children}</div>
    </div>
  );
}

const link = "text-brand-700 underline";

/** The link is good and not confirmed yet: what it confirms, and the button. */
export function PrivacyConfirmForm(props: {
  kind: PrivacyRequestKind;
  maskedEmail: string;
  token: string;
  formToken: string;
  notice: string | null;
}) {
  return (
    <>
      <PageHeader eyebrow="Privacy request" title="Confirm your privacy request">
        <p>
          You asked us to {WHAT[props.kind]}. Press the button below to confirm that the request is yours: nothing
          happens until you do.
        </p>
      </PageHeader>
      <Below>
        <section
          aria-labelledby="privacy-confirm-heading"
          className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
        >
          <h2 id="privacy-confirm-heading" className="text-xl font-bold text-slate-900">
            The request
          </h2>
          <dl className="mt-4 grid gap-x-6 gap-y-3 text-base sm:grid-cols-[max-content_1fr]">
            <dt className="font-semibold text-slate-900">Request</dt>
            <dd className="text-slate-700">{REQUEST_NAME[props.kind]}</dd>
            <dt className="font-semibold text-slate-900">E-mail address</dt>
            <dd className="text-slate-700">
              <span className="font-mono">{props.maskedEmail}</span>{" "}
              <span className="text-slate-600">(partly hidden)</span>
            </dd>
          </dl>
          {props.notice ? (
            <Alert variant="warning" className="mt-5 text-base">
              {props.notice}
            </Alert>
          ) : null}
          <form method="post" action={`/privacy-request/confirm?token=${encodeURIComponent(props.token)}`}>
            <input type="hidden" name="token" value={props.token} />
            <input type="hidden" name="formToken" value={props.formToken} />
            <button type="submit" className={cn(buttonVariants({ size: "lg" }), "mt-6 w-full sm:w-auto")}>
              Confirm my request
            </button>
          </form>
          <p className="mt-5 text-base text-slate-600">
            Once you confirm, we answer within 45 days and write to you at this address. If you did not make this
            request, close this page: nothing happens without your confirmation.
          </p>
        </section>
      </Below>
    </>
  );
}

/** The request is confirmed: now, or before. */
export function PrivacyConfirmed(props: { kind: PrivacyRequestKind; dueAt: string | null; already: boolean }) {
  return (
    <>
      <PageHeader
        eyebrow="Privacy request"
        title={props.already ? "Your request is already confirmed" : "Your request is confirmed"}
      >
        <p>
          Thank you. We will {WHAT[props.kind]}{" "}
          {props.dueAt ? `by ${dueDate(props.dueAt)} at the latest` : "within 45 days"}, and write to you at the address
          you gave us.
        </p>
      </PageHeader>
      <Below>
        <p>
          Questions in the meantime? Read our{" "}
          <Link className={link} to="/privacy-policy">
            privacy policy
          </Link>{" "}
          or{" "}
          <Link className={link} to="/contact">
            contact us
          </Link>
          .
        </p>
      </Below>
    </>
  );
}

const REFUSALS = {
  invalid: {
    title: "This link is not valid",
    text: "The link is incomplete or was changed. Open it again from the e-mail we sent you, or copy the whole address into your browser.",
  },
  expired: {
    title: "This link has expired",
    text: "Confirmation links work for 3 days. Send your request again and open the new link we e-mail you.",
  },
  gone: {
    title: "We no longer hold this request",
    text: "The request this link confirms is no longer on file. If you still want us to act, send your request again.",
  },
} as const;

/** A link that cannot be used: broken or changed, expired, or for a request no longer held. */
export function PrivacyLinkRefused({ reason }: { reason: keyof typeof REFUSALS }) {
  const refusal = REFUSALS[reason];
  return (
    <>
      <PageHeader eyebrow="Privacy request" title={refusal.title}>
        <p>{refusal.text}</p>
      </PageHeader>
      <Below>
        <p>
          <Link className="font-semibold text-brand-700 underline" to="/forms/privacy-request">
            Send a privacy request
          </Link>{" "}
          or read our{" "}
          <Link className={link} to="/privacy-policy">
            privacy policy
          </Link>
          .
        </p>
      </Below>
    </>
  );
}
