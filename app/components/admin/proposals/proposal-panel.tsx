import { Calculator } from "lucide-react";
import { Link } from "react-router";
import { formatCents } from "@common/proposal-math";
import type { ContactProposalsResponse } from "@server/proposals/api";
import type { StaffProposal } from "@server/proposals/history";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { formatDateTime } from "~/lib/dates";

const STATUS_WORDS: Record<StaffProposal["status"], string> = {
  open: "Open",
  accepted: "Accepted",
  expired: "Expired",
  superseded: "Replaced",
};

/** The contact screen's proposal card: the latest review's estimate, the latest proposal's state, and the way to the worksheet. */
export function ProposalPanel({ contactId, data }: { contactId: string; data: ContactProposalsResponse | undefined }) {
  const review = data?.reviews[0];
  const proposal = data?.proposals[0];
  return (
    <Card title="Statement review">
      <div className="mt-3 grid gap-3 text-sm">
        {review ? (
          <p className="text-foreground">
            {review.figures.outcome === "saving"
              ? `Estimated saving ${formatCents(review.figures.annualSavingsCents)} a year.`
              : "Would not save with Meritum."}
          </p>
        ) : (
          <p className="text-muted-foreground">Not reviewed yet.</p>
        )}
        {proposal ? (
          <div className="grid gap-1">
            <p className="flex flex-wrap items-center gap-2 text-foreground">
              Proposal{" "}
              <Badge
                variant={proposal.status === "accepted" ? "success" : proposal.status === "open" ? "info" : "neutral"}
              >
                {STATUS_WORDS[proposal.status]}
              </Badge>
            </p>
            <p className="text-muted-foreground">Sent {formatDateTime(proposal.sentAt)}</p>
            <p className="text-muted-foreground">
              {proposal.viewCount
                ? `Viewed ${proposal.viewCount} ${proposal.viewCount === 1 ? "time" : "times"}, first ${formatDateTime(proposal.firstViewedAt ?? proposal.sentAt)}`
                : "Not viewed yet"}
            </p>
            {proposal.acceptedAt ? (
              <p className="font-medium text-foreground">Accepted {formatDateTime(proposal.acceptedAt)}</p>
            ) : null}
          </div>
        ) : null}
        <Button asChild variant="secondary" size="sm" className="justify-self-start">
          <Link to={`/admin/contacts/${encodeURIComponent(contactId)}/review`}>
            <Calculator className="size-4" aria-hidden />
            {review ? "Open the worksheet" : "Review a statement"}
          </Link>
        </Button>
      </div>
    </Card>
  );
}
