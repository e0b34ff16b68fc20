import { useRef, useState } from "react";
import { contactInputSchema, sourceLabel } from "@common/contacts";
import { LEAD_PROFILE, LEAD_PROFILE_KEYS, profileText } from "@common/lead-profile";
import type { ContactDetailResponse } from "@server/contacts/api";
import { useApiForm } from "~/components/admin/use-api-form";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { formatDateTime } from "~/lib/dates";
import { apiAction } from "~/lib/queryClient";
import { contactsKeys } from "~/lib/query-keys";
import { ContactFields } from "./contact-fields";

/** The contact's details and first-touch attribution, with an edit form. */
export function ContactDetails({ detail }: { detail: ContactDetailResponse }) {
  const { contact } = detail;
  const [editing, setEditing] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useApiForm(formRef, {
    schema: contactInputSchema,
    send: async (input) => {
      const result = await apiAction("PATCH", contactsKeys.detail(contact.id).join("/"), input);
      setEditing(false);
      return result;
    },
    invalidate: contactsKeys.all,
    keepValues: true,
  });
  const touch = contact.firstTouch;
  const rows: Array<[string, string]> = [
    ["E-mail", contact.email],
    ["Phone", contact.phone || "—"],
    ["Website", contact.website ?? "—"],
    ...LEAD_PROFILE_KEYS.map((key): [string, string] => [
      LEAD_PROFILE[key].label,
      profileText(key, contact.profile) || "—",
    ]),
    ["Source", sourceLabel(contact.source)],
    ["Submissions", String(contact.submissionCount)],
    ["Created", formatDateTime(contact.createdAt)],
    ["Updated", formatDateTime(contact.updatedAt)],
  ];
  const attribution: Array<[string, string | null]> = [
    ["Landing page", touch.landingPage],
    ["Referrer", touch.referrer],
    ["UTM source", touch.utmSource],
    ["UTM medium", touch.utmMedium],
    ["UTM campaign", touch.utmCampaign],
  ];
  return (
    <Card
      title="Details"
      actions={
        editing ? null : (
          <Button type="button" variant="outline" size="sm" onClick={() => setEditing(true)}>
            Edit details
          </Button>
        )
      }
    >
      {editing ? (
        <form ref={formRef} method="post" noValidate onSubmit={form.onSubmit} className="mt-4">
          {form.formError ? (
            <Alert variant="error" className="mb-4">
              {form.formError}
            </Alert>
          ) : null}
          <ContactFields idPrefix="edit-contact" contact={contact} fieldErrors={form.fieldErrors} />
          <div className="mt-4 flex flex-wrap gap-3">
            <Button type="submit" disabled={form.pending}>
              {form.pending ? "Saving..." : "Save details"}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <>
          <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            {rows.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="break-words text-foreground">{value}</dd>
              </div>
            ))}
          </dl>
          <h3 className="mt-6 text-sm font-semibold text-foreground">First touch</h3>
          {attribution.some(([, v]) => v) ? (
            <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
              {attribution.map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className="break-all text-foreground">{value ?? "—"}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className="mt-2 text-sm text-muted-foreground">Not recorded for this contact.</p>
          )}
        </>
      )}
    </Card>
  );
}
