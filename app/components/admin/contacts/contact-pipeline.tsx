import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import {
  CONTACT_STATUS_LABELS,
  CONTACT_STATUSES,
  ownerChangeSchema,
  statusChangeSchema,
  type ContactStatus,
} from "@common/contacts";
import { CONTACT_LIMITS } from "@common/limits";
import type { ContactDetailResponse } from "@server/contacts/api";
import { ConfirmAction } from "~/components/admin/confirm-action";
import { useApiForm } from "~/components/admin/use-api-form";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { useResultFeedback, type Outcome } from "~/components/ui/use-result-feedback";
import { apiAction } from "~/lib/queryClient";
import { contactsKeys } from "~/lib/query-keys";

/** Status (a lost one with its reason), owner and erasure of one contact. */
export function ContactPipeline({ detail }: { detail: ContactDetailResponse }) {
  const { contact } = detail;
  const url = contactsKeys.detail(contact.id).join("/");
  const [status, setStatus] = useState<ContactStatus>(contact.status);
  const statusRef = useRef<HTMLFormElement>(null);
  const statusForm = useApiForm(statusRef, {
    schema: statusChangeSchema,
    send: (input) => apiAction("PUT", `${url}/status`, input),
    invalidate: contactsKeys.all,
    keepValues: true,
  });
  const ownerRef = useRef<HTMLFormElement>(null);
  const ownerForm = useApiForm(ownerRef, {
    schema: ownerChangeSchema,
    send: (input) => apiAction("PUT", `${url}/owner`, input),
    invalidate: contactsKeys.all,
    keepValues: true,
  });
  return (
    <Card title="Pipeline">
      <form ref={statusRef} method="post" noValidate onSubmit={statusForm.onSubmit} className="mt-4 grid gap-3">
        <Field label="Status" id="contact-status" error={statusForm.fieldErrors.status}>
          <Select name="status" value={status} onChange={(e) => setStatus(e.currentTarget.value as ContactStatus)}>
            {CONTACT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {CONTACT_STATUS_LABELS[s]}
              </option>
            ))}
          </Select>
        </Field>
        {status === "lost" ? (
          <Field label="Why was it lost?" id="contact-lost-reason" error={statusForm.fieldErrors.lostReason}>
            <Input name="lostReason" defaultValue={contact.lostReason ?? ""} maxLength={CONTACT_LIMITS.lostReason} />
          </Field>
        ) : null}
        <Button type="submit" variant="secondary" disabled={statusForm.pending} className="justify-self-start">
          {statusForm.pending ? "Saving..." : "Save status"}
        </Button>
      </form>
      <form
        ref={ownerRef}
        method="post"
        noValidate
        onSubmit={ownerForm.onSubmit}
        className="mt-6 grid gap-3 border-t border-border pt-6"
      >
        <Field label="Owner" id="contact-owner" error={ownerForm.fieldErrors.ownerId}>
          <Select name="ownerId" defaultValue={contact.ownerId ?? ""}>
            <option value="">Unassigned</option>
            {detail.owners.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit" variant="secondary" disabled={ownerForm.pending} className="justify-self-start">
          {ownerForm.pending ? "Saving..." : "Assign owner"}
        </Button>
      </form>
      <EraseContact detail={detail} />
    </Card>
  );
}

function plural(n: number, one: string, many: string) {
  return `${n} ${n === 1 ? one : many}`;
}

/** Erases the contact with everything it sent (a privacy request), after naming what goes. */
function EraseContact({ detail }: { detail: ContactDetailResponse }) {
  const { contact, erasure } = detail;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>();
  useResultFeedback(outcome);
  const erase = useMutation({
    mutationFn: () => apiAction("DELETE", contactsKeys.detail(contact.id).join("/")),
    onSuccess: async (result) => {
      setOutcome(result);
      queryClient.removeQueries({ queryKey: contactsKeys.detail(contact.id) });
      await queryClient.invalidateQueries({ queryKey: contactsKeys.all });
      void navigate("/admin/contacts");
    },
    onError: setOutcome,
  });
  return (
    <div className="mt-6 border-t border-border pt-6">
      <p className="text-sm text-muted-foreground">Erase this contact for a privacy request. This cannot be undone.</p>
      <div className="mt-3">
        <ConfirmAction
          trigger="Erase contact"
          triggerVariant="destructive"
          disabled={erase.isPending}
          title={`Erase ${contact.name}${contact.businessName ? ` (${contact.businessName})` : ""}?`}
          description={
            <>
              This removes for good: the contact {contact.email},{" "}
              {plural(erasure.submissions, "form submission", "form submissions")},{" "}
              {plural(erasure.files, "uploaded file", "uploaded files")} and {plural(erasure.notes, "note", "notes")},
              with its timeline. The audit log keeps only that a contact was erased.
            </>
          }
          confirmLabel="Erase for good"
          destructive
          onConfirm={() => erase.mutate()}
        />
      </div>
    </div>
  );
}
