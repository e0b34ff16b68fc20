import { createContext, data } from "react-router";
import { sessionContext } from "@server/auth/context";
import { getDb } from "@server/db";
import { requestInfoContext } from "@server/http/context";
import { acceptProposal, openProposal } from "@server/proposals/proposals";
import { ProposalClosed, ProposalView } from "~/components/site/proposal-view";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/proposal";

/**
 * /proposals/<token>: one merchant's savings proposal (decision 0043). Private: no-store,
 * noindex, no referrer to other sites, never cached, in no sitemap or search. A merchant's view is counted
 * (a signed-in staff member's is not); "I'd like to switch" is a plain form post, recorded once.
 */
export const meta: Route.MetaFunction = (args) => [
  ...seo(args, {
    title: "Your savings proposal",
    description: "Your payment processing proposal: what you pay today and what you would pay with us.",
    path: "/proposals",
    noindex: true,
  }),
];

export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "same-origin",
});

/** Set by the action: the page rendered after "I'd like to switch" is not another view. */
const afterPost = createContext(false);

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const staff = context.get(sessionContext) !== null;
  const proposal = await openProposal(getDb(), params.token, {
    staff: staff || context.get(afterPost),
    userAgent: request.headers.get("user-agent"),
  });
  if (proposal.status === "not_found") throw data(null, { status: 404, headers: { "Cache-Control": "no-store" } });
  return { proposal, staff };
}

export async function action({ params, context }: Route.ActionArgs) {
  context.set(afterPost, true);
  if (context.get(sessionContext) !== null)
    return { status: "staff" as const, message: "You are signed in as staff: only the merchant can accept." };
  const outcome = await acceptProposal(getDb(), params.token, context.get(requestInfoContext).clientIp);
  if (outcome.status === "not_found") throw data(null, { status: 404 });
  return outcome;
}

export default function ProposalPage({ loaderData, actionData }: Route.ComponentProps) {
  const { proposal, staff } = loaderData;
  if (proposal.status !== "open") return <ProposalClosed proposal={proposal} />;
  const acceptedAt =
    actionData && actionData.status === "accepted" ? actionData.acceptedAt : (proposal.acceptedAt ?? null);
  return (
    <ProposalView
      proposal={proposal}
      staff={staff}
      acceptedAt={acceptedAt}
      justAccepted={actionData?.status === "accepted"}
      notice={actionData && "message" in actionData ? actionData.message : null}
    />
  );
}
