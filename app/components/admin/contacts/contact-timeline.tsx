import { FileText } from "lucide-react";
import { useRef } from "react";
import { Link } from "react-router";
import { CONTACT_STATUS_LABELS, noteSchema, sourceLabel, type ContactStatus } from "@common/contacts";
import { fileTypeLabel } from "@common/lead";
import { CONTACT_LIMITS } from "@common/limits";
import { FIRST_RESPONSE_LABELS } from "@common/response-clock";
import type { ContactDetailResponse } from "@server/contacts/api";
import { ConsentEvidenceView } from "~/components/admin/forms/consent-evidence";
import { useApiForm } from "~/components/admin/use-api-form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Textarea } from "~/components/ui/textarea";
import { formatDateTime } from "~/lib/dates";
import { apiAction } from "~/lib/queryClient";
import { contactsKeys } from "~/lib/query-keys";

type Submission = ContactDetailResponse["submissions"][number];
type Activity = ContactDetailResponse["activity"][number];
/** A line another area adds to the timeline (proposals: reviews, sent, viewed, accepted). */
export interface ExtraTimelineEntry {
  id: string;
  at: string;
  title: string;
  body: string | null;
}
type Entry = { at: string; submission?: Submission; activity?: Activity; extra?: ExtraTimelineEntry };

/** Notes (with the form to add one) and the contact's history: submissions and staff changes, newest first. */
export function ContactTimeline({
  detail,
  extra = [],
}: {
  detail: ContactDetailResponse;
  extra?: ExtraTimelineEntry[];
}) {
  const url = contactsKeys.detail(detail.contact.id).join("/");
  const noteRef = useRef<HTMLFormElement>(null);
  const note = useApiForm(noteRef, {
    schema: noteSchema,
    send: (input) => apiAction("POST", `${url}/notes`, input),
    // The whole domain: a note may answer a waiting lead (the list's "waiting" goes).
    invalidate: contactsKeys.all,
  });
  const entries: Entry[] = [
    ...detail.submissions.map((s) => ({ at: s.createdAt, submission: s })),
    ...detail.activity.map((a) => ({ at: a.createdAt, activity: a })),
    ...extra.map((e) => ({ at: e.at, extra: e })),
  ].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <Card title="Timeline" description="Notes, form submissions and changes, newest first.">
      <form ref={noteRef} method="post" noValidate onSubmit={note.onSubmit} className="mt-4 grid gap-3">
        <Field label="Add a note" id="contact-note" error={note.fieldErrors.body}>
          <Textarea name="body" rows={3} maxLength={CONTACT_LIMITS.note} />
        </Field>
        <Button type="submit" variant="secondary" disabled={note.pending} className="justify-self-start">
          {note.pending ? "Adding..." : "Add note"}
        </Button>
      </form>
      <ol className="mt-6 grid gap-4 border-t border-border pt-6">
        {entries.map((e) =>
          e.submission ? (
            <SubmissionEntry key={e.submission.id} contactId={detail.contact.id} submission={e.submission} />
          ) : e.extra ? (
            <ExtraEntry key={e.extra.id} entry={e.extra} />
          ) : (
            <ActivityEntry key={e.activity!.id} activity={e.activity!} owners={detail.owners} />
          ),
        )}
      </ol>
    </Card>
  );
}

function When({ at }: { at: string }) {
  return (
    <time dateTime={at} className="text-xs text-muted-foreground">
      {formatDateTime(at)}
    </time>
  );
}

function SubmissionEntry({ contactId, submission: s }: { contactId: string; submission: Submission }) {
  return (
    <li className="rounded-md border border-border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-foreground">
          <Link
            to={`/admin/forms/${encodeURIComponent(s.formId)}/submissions/${encodeURIComponent(s.id)}`}
            className="text-link underline"
          >
            Submitted: {sourceLabel(s.source)}
          </Link>
          {s.reference ? (
            <span className="ml-2 text-sm font-normal text-muted-foreground">
              Reference <strong className="font-mono text-foreground">{s.reference}</strong>
            </span>
          ) : null}
        </p>
        <When at={s.createdAt} />
      </div>
      {s.spam ? (
        <Badge variant="destructive" className="mt-2">
          Marked as spam by staff
        </Badge>
      ) : s.firstResponse ? (
        <p className="mt-2 text-sm text-muted-foreground">
          Answered {formatDateTime(s.firstResponse.at)} by {s.firstResponse.byName || "staff"} with{" "}
          {FIRST_RESPONSE_LABELS[s.firstResponse.kind]}
        </p>
      ) : (
        <Badge variant="outline" className="mt-2">
          Not answered yet
        </Badge>
      )}
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {s.answers.map((a, i) => (
          <div key={`${i}-${a.label}`} className="contents">
            <dt className="text-muted-foreground">{a.label}</dt>
            <dd className="whitespace-pre-wrap break-words text-foreground">{a.value}</dd>
          </div>
        ))}
      </dl>
      {s.files.length ? (
        <ul className="mt-3 grid gap-2">
          {s.files.map((f) => (
            <li key={f.id} className="text-sm">
              <span className="text-muted-foreground">{f.label}: </span>
              <a
                href={`${contactsKeys.detail(contactId).join("/")}/files/${encodeURIComponent(f.id)}`}
                download
                className="inline-flex items-center gap-2 font-medium text-link underline"
              >
                <FileText className="size-4" aria-hidden />
                Download {f.filename} ({fileTypeLabel(f.mimeType)}, {Math.max(1, Math.round(f.size / 1024))} KB)
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {s.fileNote ? (
        <p className="mt-3 text-sm text-muted-foreground" role="note">
          {s.fileNote}
        </p>
      ) : null}
      {s.consent ? (
        <div className="mt-3">
          <ConsentEvidenceView evidence={s.consent} folded />
        </div>
      ) : null}
      {s.notifyStatus === "failed" ? (
        <Badge variant="destructive" className="mt-3">
          Staff e-mail failed
        </Badge>
      ) : null}
    </li>
  );
}

function ActivityEntry({ activity: a, owners }: { activity: Activity; owners: ContactDetailResponse["owners"] }) {
  const by = a.actorName ? ` by ${a.actorName}` : "";
  let title: string;
  if (a.kind === "note") title = `Note${by}`;
  else if (a.kind === "status") {
    const to = CONTACT_STATUS_LABELS[a.details.to as ContactStatus] ?? String(a.details.to);
    title = `Status changed to ${to}${by}`;
  } else if (a.kind === "owner") {
    const name = (a.details.toName as string | null) ?? owners.find((o) => o.id === a.details.to)?.name;
    title = a.details.to ? `Assigned to ${name ?? "a former staff member"}${by}` : `Owner removed${by}`;
  } else if (a.kind === "edited") title = `Details edited${by}`;
  else title = `Contact added${by}`;
  return (
    <li className="rounded-md border border-border bg-subtle p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-foreground">{title}</p>
        <When at={a.createdAt} />
      </div>
      {a.body ? (
        <p className="mt-2 whitespace-pre-wrap text-sm text-foreground">
          {a.kind === "status" ? `Reason: ${a.body}` : a.body}
        </p>
      ) : null}
    </li>
  );
}

function ExtraEntry({ entry }: { entry: ExtraTimelineEntry }) {
  return (
    <li className="rounded-md border border-border bg-subtle p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-foreground">{entry.title}</p>
        <When at={entry.at} />
      </div>
      {entry.body ? <p className="mt-2 text-sm text-foreground">{entry.body}</p> : null}
    </li>
  );
}
