import { fileTypeOfMime } from "@common/lead";
import { useQuery } from "@tanstack/react-query";
import { ChevronLeft } from "lucide-react";
import { useState } from "react";
import { Link, useParams } from "react-router";
import type { ContactDetailResponse } from "@server/contacts/api";
import type { ContactProposalsResponse } from "@server/proposals/api";
import { StatementViewer, type StatementFile } from "~/components/admin/proposals/statement-viewer";
import { initialValues, WorksheetForm } from "~/components/admin/proposals/worksheet-form";
import { Alert } from "~/components/ui/alert";
import { ListSkeleton } from "~/components/ui/skeleton";
import { failureMessage } from "~/components/ui/use-result-feedback";
import { contactsKeys, proposalsKeys } from "~/lib/query-keys";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/contact-review";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Statement review · Admin",
    description: "A contact's statement beside the review worksheet, and the proposal.",
    noindex: true,
  });

/**
 * /admin/contacts/:id/review (the "contacts" permission): the contact's statement beside the
 * worksheet (decision 0043). Reads the contact (its statements) and its reviews, proposals
 * and the pricing (GET /api/admin/contacts/proposals/contact/:id).
 */
export default function ContactReviewPage() {
  const { id = "" } = useParams();
  const detail = useQuery<ContactDetailResponse>({ queryKey: contactsKeys.detail(id) });
  const history = useQuery<ContactProposalsResponse>({ queryKey: proposalsKeys.contact(id) });
  const error = detail.error ?? history.error;
  return (
    <div className="grid grid-cols-1 gap-6">
      <Link
        to={`/admin/contacts/${encodeURIComponent(id)}`}
        className="inline-flex items-center gap-1 justify-self-start text-sm font-medium text-link underline"
      >
        <ChevronLeft className="size-4" aria-hidden />
        Back to the contact
      </Link>
      {error ? (
        <>
          <h1 className="text-2xl font-bold text-foreground">Statement review</h1>
          <Alert variant="error">{failureMessage(error)}</Alert>
        </>
      ) : detail.data && history.data ? (
        <Review detail={detail.data} history={history.data} />
      ) : (
        <ListSkeleton label="Loading the worksheet..." rows={6} />
      )}
    </div>
  );
}

function Review({ detail, history }: { detail: ContactDetailResponse; history: ContactProposalsResponse }) {
  // Every PDF or image a submission of this contact carries (the Free Analysis statement first).
  const statements: StatementFile[] = detail.submissions.flatMap((s) =>
    s.files.flatMap((f) => {
      const type = fileTypeOfMime(f.mimeType);
      return type ? [{ id: f.id, filename: f.filename, type }] : [];
    }),
  );
  const latest = history.reviews[0] ?? null;
  const [selected, setSelected] = useState<string | null>(latest?.statementId ?? statements[0]?.id ?? null);
  const contact = detail.contact;
  return (
    <>
      <div>
        <h1 className="text-2xl font-bold text-foreground">Statement review: {contact.businessName || contact.name}</h1>
        <p className="mt-1 text-muted-foreground">
          {contact.name} · {contact.email}
          {latest ? ` · Last saved by ${latest.createdByName ?? "staff"}` : ""}
        </p>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <div className="min-w-0">
          <StatementViewer contactId={contact.id} statements={statements} selected={selected} onSelect={setSelected} />
        </div>
        <div className="min-w-0">
          <WorksheetForm
            contactId={contact.id}
            email={contact.email}
            pricing={history.pricing}
            initial={initialValues(latest?.input ?? null)}
            statementId={selected}
          />
        </div>
      </div>
    </>
  );
}
