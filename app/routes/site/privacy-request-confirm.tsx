import { data } from "react-router";
import { getConfig } from "@server/config";
import { getDb } from "@server/db";
import { checkFormToken, issueFormToken } from "@server/forms/form-token";
import { actionForm } from "@server/http/body";
import { requestInfoContext } from "@server/http/context";
import { rateLimiter, retryMessage } from "@server/http/rate-limit";
import {
  CONFIRM_MIN_MS,
  CONFIRM_RATE_LIMIT,
  previewRequest,
  verifyRequest,
  type LinkRefusal,
} from "@server/privacy/verification";
import { PrivacyConfirmed, PrivacyConfirmForm, PrivacyLinkRefused } from "~/components/site/privacy-confirm";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/privacy-request-confirm";

/**
 * /privacy-request/confirm?token=…: the link the privacy-request form e-mails (decision 0050).
 * Opening it confirms nothing (mail scanners open links): the page says what the request is,
 * for which address (partly hidden), with a "Confirm my request" button, a plain form post
 * carrying the link's token and the page's form token. A broken, expired or spent link gets a
 * page that says which (400, 410, 404), on opening and on posting. Never cached or indexed.
 */
export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Confirm your privacy request",
    description: "Confirm the privacy request you sent us.",
    path: "/privacy-request/confirm",
    noindex: true,
  });

export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return {
    "Cache-Control": "no-store",
    "X-Robots-Tag": "noindex, nofollow",
    // Same-origin: the button's post carries this site's Origin (the cross-site guard), and the
    // token in the address goes to no other site.
    "Referrer-Policy": "same-origin",
    ...(retryAfter ? { "Retry-After": retryAfter } : {}),
  };
};

const STATUS: Record<LinkRefusal["reason"], number> = { invalid: 400, expired: 410, gone: 404 };

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const preview = await previewRequest(getDb(), token);
  return data(
    { preview, token: token ?? "", formToken: issueFormToken(getConfig().authSecret) },
    { status: preview.ok ? 200 : STATUS[preview.reason] },
  );
}

/** A post the page cannot act on yet: the page again, with a fresh form token and this sentence. */
const notice = (message: string, status: number, headers?: HeadersInit) =>
  data({ notice: message } as const, { status, headers });

export async function action(args: Route.ActionArgs) {
  const limit = await rateLimiter.hitAddress(CONFIRM_RATE_LIMIT, args.context.get(requestInfoContext).clientIp);
  if (!limit.allowed)
    return notice(retryMessage(limit.retryAfterSeconds, "attempts from your connection"), 429, {
      "Retry-After": String(limit.retryAfterSeconds),
    });
  const form = await actionForm(args);
  const pageToken = checkFormToken(form.get("formToken"), getConfig().authSecret, { minAgeMs: CONFIRM_MIN_MS });
  if (!pageToken.ok)
    return notice(
      pageToken.reason === "too-fast"
        ? "That was faster than we expect from a person. Please press the button again."
        : "This page was open too long, or could not be checked. Please press the button again.",
      400,
    );
  const outcome = await verifyRequest(getDb(), form.get("token"));
  return data(outcome, { status: outcome.ok ? 200 : STATUS[outcome.reason] });
}

export default function PrivacyRequestConfirm({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData && "ok" in actionData) {
    return actionData.ok ? (
      <PrivacyConfirmed kind={actionData.kind} dueAt={actionData.dueAt} already={actionData.already} />
    ) : (
      <PrivacyLinkRefused reason={actionData.reason} />
    );
  }
  const { preview } = loaderData;
  if (!preview.ok) return <PrivacyLinkRefused reason={preview.reason} />;
  if (preview.confirmed) return <PrivacyConfirmed kind={preview.kind} dueAt={preview.dueAt} already />;
  return (
    <PrivacyConfirmForm
      kind={preview.kind}
      maskedEmail={preview.maskedEmail}
      token={loaderData.token}
      formToken={loaderData.formToken}
      notice={actionData?.notice ?? null}
    />
  );
}
