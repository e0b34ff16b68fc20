import { data, Link } from "react-router";
import { getDb } from "@server/db";
import { verifyRequest, type Verification } from "@server/privacy/requests";
import { PageHeader } from "~/components/site/page-header";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/privacy-request-confirm";

/**
 * /privacy-request/confirm?token=…: the link the privacy-request form e-mails (decision 0050).
 * A valid, unexpired link confirms the request (its due date starts); a broken, expired or
 * spent one gets a page that says which, with the way to ask again. Never cached or indexed.
 */
export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Confirm your privacy request",
    description: "Confirm the privacy request you sent us.",
    path: "/privacy-request/confirm",
    noindex: true,
  });

export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
});

const STATUS: Record<Exclude<Verification, { ok: true }>["reason"], number> = { invalid: 400, expired: 410, gone: 404 };

export async function loader({ request }: Route.LoaderArgs) {
  const outcome = await verifyRequest(getDb(), new URL(request.url).searchParams.get("token"));
  return data(outcome, { status: outcome.ok ? 200 : STATUS[outcome.reason] });
}

const dueDate = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "America/Phoenix" }).format(new Date(iso));

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

export default function PrivacyRequestConfirm({ loaderData }: Route.ComponentProps) {
  if (!loaderData.ok) {
    const refusal = REFUSALS[loaderData.reason];
    return (
      <>
        <PageHeader eyebrow="Privacy request" title={refusal.title}>
          <p>{refusal.text}</p>
        </PageHeader>
        <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
          <p className="text-lg text-slate-700">
            <Link className="font-semibold text-brand-700 underline" to="/forms/privacy-request">
              Send a privacy request
            </Link>{" "}
            or read our{" "}
            <Link className="text-brand-700 underline" to="/privacy-policy">
              privacy policy
            </Link>
            .
          </p>
        </div>
      </>
    );
  }
  const what =
    loaderData.kind === "delete"
      ? "delete the information we hold about you"
      : "send you a copy of the information we hold about you";
  return (
    <>
      <PageHeader
        eyebrow="Privacy request"
        title={loaderData.already ? "Your request is already confirmed" : "Your request is confirmed"}
      >
        <p>
          Thank you. We will {what} by {dueDate(loaderData.dueAt)} at the latest, and write to you at the address you
          gave us.
        </p>
      </PageHeader>
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <p className="text-lg text-slate-700">
          Questions in the meantime? Read our{" "}
          <Link className="text-brand-700 underline" to="/privacy-policy">
            privacy policy
          </Link>{" "}
          or{" "}
          <Link className="text-brand-700 underline" to="/contact">
            contact us
          </Link>
          .
        </p>
      </div>
    </>
  );
}
