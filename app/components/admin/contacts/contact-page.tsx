import { useQuery } from "@tanstack/react-query";
import { ChevronLeft } from "lucide-react";
import { Link, useParams } from "react-router";
import type { ContactDetailResponse } from "@server/contacts/api";
import type { ContactProposalsResponse } from "@server/proposals/api";
import { ContactDetails } from "~/components/admin/contacts/contact-details";
import { ContactPipeline } from "~/components/admin/contacts/contact-pipeline";
import { ContactResponse } from "~/components/admin/contacts/contact-response";
import { ContactTimeline } from "~/components/admin/contacts/contact-timeline";
import { StatusBadge } from "~/components/admin/contacts/status";
import { ProposalPanel } from "~/components/admin/proposals/proposal-panel";
import { Alert } from "~/components/ui/alert";
import { ListSkeleton } from "~/components/ui/skeleton";
import { failureMessage } from "~/components/ui/use-result-feedback";
import { contactsKeys, proposalsKeys } from "~/lib/query-keys";

/** One contact (GET /api/admin/contacts/:id): details, pipeline (status, owner, erase) and timeline with notes. */
export function ContactPage() {
  const { id = "" } = useParams();
  const detail = useQuery<ContactDetailResponse>({ queryKey: contactsKeys.detail(id) });
  // Statement review and proposals (decision 0043): a card beside the pipeline, events in the timeline.
  const proposals = useQuery<ContactProposalsResponse>({ queryKey: proposalsKeys.contact(id) });
  return (
    <div className="grid grid-cols-1 gap-6">
      <Link
        to="/admin/contacts"
        className="inline-flex items-center gap-1 justify-self-start text-sm font-medium text-link underline"
      >
        <ChevronLeft className="size-4" aria-hidden />
        All contacts
      </Link>
      {detail.isPending ? (
        <ListSkeleton label="Loading the contact..." rows={6} />
      ) : detail.isError ? (
        <>
          <h1 className="text-2xl font-bold text-foreground">Contact</h1>
          <Alert variant="error">{failureMessage(detail.error)}</Alert>
        </>
      ) : (
        <>
          <div>
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="text-2xl font-bold text-foreground">{detail.data.contact.name}</h1>
              <StatusBadge status={detail.data.contact.status} />
            </div>
            <p className="mt-1 text-muted-foreground">
              {detail.data.contact.businessName || "No business name"} ·{" "}
              {detail.data.contact.ownerName ? `Owner: ${detail.data.contact.ownerName}` : "Unassigned"}
              {detail.data.contact.status === "lost" && detail.data.contact.lostReason
                ? ` · Lost: ${detail.data.contact.lostReason}`
                : ""}
            </p>
          </div>
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
            <div className="grid min-w-0 content-start gap-6">
              <ContactResponse detail={detail.data} />
              <ContactDetails key={detail.data.contact.updatedAt} detail={detail.data} />
              <ContactTimeline detail={detail.data} extra={proposals.data?.events} />
            </div>
            <div className="grid content-start gap-6">
              <ContactPipeline
                key={`${detail.data.contact.status}-${detail.data.contact.ownerId}`}
                detail={detail.data}
              />
              <ProposalPanel contactId={detail.data.contact.id} data={proposals.data} />
            </div>
          </div>
        </>
      )}
    </div>
  );
}
