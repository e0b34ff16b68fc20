import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { answerText, type Answer } from "@common/forms";
import { SPAM_REASONS } from "@common/submissions";
import type { SubmissionResponse } from "@server/forms/api";
import { ConfirmAction } from "~/components/admin/confirm-action";
import { ConsentEvidenceView } from "~/components/admin/forms/consent-evidence";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ListSkeleton } from "~/components/ui/skeleton";
import { failureMessage, useResultFeedback, type Outcome } from "~/components/ui/use-result-feedback";
import { formatDateTime } from "~/lib/dates";
import { apiAction } from "~/lib/queryClient";
import { formsKeys } from "~/lib/query-keys";

type Submission = SubmissionResponse["submission"];
type Act = ReturnType<typeof useSubmissionActions>;

const NOTIFY_LABELS: Record<string, string> = {
  pending: "Sending",
  sending: "Sending",
  sent: "Sent",
  retrying: "Failed, retrying",
  failed: "Failed",
  held: "Not sent (spam)",
};

const AUTO_REPLY_LABELS: Record<string, string> = {
  held: "Held with the spam",
  pending: "Sending",
  sending: "Sending",
  retrying: "Failed, retrying",
  sent: "Sent",
  failed: "Failed",
  skipped: "Not sent",
};

/** The submitter's auto-reply: its state, and why it was skipped or failed. */
function autoReplyText(autoReply: Submission["autoReply"]): string {
  if (!autoReply.status) return "None (the form's auto-reply was off)";
  const label = AUTO_REPLY_LABELS[autoReply.status] ?? autoReply.status;
  return autoReply.attempts > 1 ? `${label} after ${autoReply.attempts} attempts` : label;
}

/** " and 2 attached files" (nothing without files), for the delete confirmation. */
const attachedFiles = (n: number) => (n ? ` and ${n} attached ${n === 1 ? "file" : "files"}` : "");

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * What staff do to one submission through the JSON API (read, spam, resend, delete), the
 * outcome shown by useResultFeedback, and the inbox's queries refreshed.
 */
function useSubmissionActions(formId: string, submissionId: string) {
  const key = formsKeys.submission(formId, submissionId);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome>();
  useResultFeedback(outcome);
  const base = `/api/admin/forms/${formId}/submissions/${submissionId}`;
  const mutation = useMutation({
    mutationFn: (a: { method: "PATCH" | "POST" | "DELETE"; path?: string; body?: unknown; quiet?: boolean }) =>
      apiAction(a.method, `${base}${a.path ?? ""}`, a.body),
    onSuccess: (result, a) => {
      if (!a.quiet) setOutcome(result);
      if (a.method === "DELETE") {
        queryClient.removeQueries({ queryKey: key });
        navigate(`/admin/forms/${formId}/submissions`);
      }
    },
    onError: setOutcome,
    onSettled: (_r, _e, a) => {
      if (a.method !== "DELETE") void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: [...formsKeys.all, formId, "submissions"], exact: false });
      void queryClient.invalidateQueries({ queryKey: formsKeys.list(), exact: true });
    },
  });
  return { mutation, base };
}

/** One submission: every answer, its files, where it differs from its contact, and what staff can do with it. */
export function SubmissionPage() {
  const { id = "", submissionId = "" } = useParams();
  const query = useQuery<SubmissionResponse>({ queryKey: formsKeys.submission(id, submissionId) });
  const act = useSubmissionActions(id, submissionId);

  // Opening an unread submission marks it read (quietly; "Mark unread" undoes it).
  const marked = useRef(false);
  const s = query.data?.submission;
  const { mutate } = act.mutation;
  useEffect(() => {
    if (s && !s.read && !s.spam && !marked.current) {
      marked.current = true;
      mutate({ method: "PATCH", body: { read: true }, quiet: true });
    }
  }, [s, mutate]);

  if (query.isPending) return <ListSkeleton label="Loading the submission..." />;
  if (query.isError) return <Alert variant="error">{failureMessage(query.error)}</Alert>;
  const { form, submission } = query.data;
  return (
    <div className="grid grid-cols-1 gap-8">
      <SubmissionHeading formId={id} formName={form.name} submission={submission} />
      <SubmissionActions submission={submission} act={act} />
      <AnswersCard submission={submission} base={act.base} />
      {submission.consent ? (
        <Card title="Consent evidence" description="Recorded when the form was sent. It cannot be changed.">
          <div className="mt-4">
            <ConsentEvidenceView evidence={submission.consent} />
          </div>
        </Card>
      ) : null}
      <div className="grid gap-8 lg:grid-cols-2">
        <ContactCard submission={submission} />
        <OriginCard submission={submission} act={act} />
      </div>
    </div>
  );
}

function SubmissionHeading({
  formId,
  formName,
  submission,
}: {
  formId: string;
  formName: string;
  submission: Submission;
}) {
  const who = submission.contact?.businessName || submission.contact?.name || submission.answers[0]?.value;
  return (
    <div>
      <p className="text-sm">
        <Link to="/admin/forms" className="text-link underline">
          Forms
        </Link>{" "}
        /{" "}
        <Link
          to={`/admin/forms/${formId}/submissions${submission.spam ? "?tab=spam" : ""}`}
          className="text-link underline"
        >
          {formName}
        </Link>
      </p>
      <h1 className="mt-1 text-2xl font-bold text-foreground">Submission of {formatDateTime(submission.createdAt)}</h1>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        {submission.spam ? (
          // The reason is a sentence: it wraps on a phone rather than run off the screen.
          <Badge variant="warning" className="whitespace-normal">
            Spam: {SPAM_REASONS[submission.spamReason ?? "staff"] ?? submission.spamReason}
          </Badge>
        ) : submission.read ? (
          <Badge variant="neutral">Read</Badge>
        ) : (
          <Badge variant="info">Unread</Badge>
        )}
        {typeof who === "string" && who ? <span className="text-muted-foreground">from {who}</span> : null}
        {submission.reference ? (
          <span className="text-muted-foreground">
            · Reference <strong className="font-mono text-foreground">{submission.reference}</strong>
          </span>
        ) : null}
      </div>
    </div>
  );
}

/** Read/unread, spam or restore, delete. */
function SubmissionActions({ submission, act }: { submission: Submission; act: Act }) {
  const busy = act.mutation.isPending;
  const { mutate } = act.mutation;
  return (
    <div className="flex flex-wrap gap-2">
      {submission.spam ? (
        <ConfirmAction
          disabled={busy}
          trigger="Not spam"
          triggerLabel="Not spam: restore"
          title="Restore this submission?"
          description="It moves to the inbox, its contact is created or linked by e-mail, and the form's recipients get the notification now."
          confirmLabel="Restore"
          onConfirm={() => mutate({ method: "PATCH", body: { spam: false } })}
        />
      ) : (
        <>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={busy}
            onClick={() => mutate({ method: "PATCH", body: { read: !submission.read } })}
          >
            {submission.read ? "Mark unread" : "Mark read"}
          </Button>
          <ConfirmAction
            disabled={busy}
            trigger="Mark spam"
            title="Mark this submission as spam?"
            description="It moves to the spam tab. Its contact stays; you can restore it later."
            confirmLabel="Mark spam"
            onConfirm={() => mutate({ method: "PATCH", body: { spam: true } })}
          />
        </>
      )}
      <ConfirmAction
        disabled={busy}
        trigger="Delete"
        triggerLabel="Delete submission"
        title="Delete this submission?"
        description={`Its answers${attachedFiles(submission.files.length)} are erased for good. The contact stays.`}
        confirmLabel="Delete"
        destructive
        onConfirm={() => mutate({ method: "DELETE" })}
      />
    </div>
  );
}

/** Every answer as it was sent, the files to download, and a file the daily limit turned away. */
function AnswersCard({ submission, base }: { submission: Submission; base: string }) {
  return (
    <Card title="Answers">
      <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-[minmax(10rem,16rem)_1fr]">
        {submission.answers.map((answer: Answer) => (
          <div key={answer.key} className="contents">
            <dt className="text-sm font-medium text-muted-foreground">{answer.label}</dt>
            <dd className="text-sm break-words whitespace-pre-line text-foreground">{answerText(answer) || "—"}</dd>
          </div>
        ))}
      </dl>
      {submission.files.length ? (
        <div className="mt-6">
          <h3 className="text-sm font-semibold text-foreground">Files</h3>
          <ul className="mt-2 grid gap-2">
            {submission.files.map((file) => (
              <li key={file.id} className="flex flex-wrap items-center gap-3 text-sm">
                <a
                  className="inline-flex items-center gap-1.5 text-link underline"
                  href={`${base}/files/${file.id}`}
                  download={file.filename}
                >
                  <Download className="size-4" aria-hidden /> {file.filename}
                </a>
                <span className="text-muted-foreground">{sizeText(file.size)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {submission.fileNote ? (
        <p className="mt-6 rounded-md border border-border bg-muted p-3 text-sm text-foreground" role="note">
          <span className="font-semibold">About the files: </span>
          {submission.fileNote}
        </p>
      ) : null}
    </Card>
  );
}

/** The contact the submission is linked to, and where the submission differs from it. */
function ContactCard({ submission }: { submission: Submission }) {
  const { contact } = submission;
  return (
    <Card title="Contact">
      {contact ? (
        <div className="mt-4 grid gap-3 text-sm">
          <p>
            <span className="font-medium text-foreground">{contact.name || "No name given"}</span>
            {contact.businessName ? `, ${contact.businessName}` : ""}
            <br />
            <span className="break-all">{contact.email}</span>
            {contact.phone ? ` · ${contact.phone}` : ""}
          </p>
          <p className="text-muted-foreground">
            {contact.submissions} {contact.submissions === 1 ? "submission" : "submissions"} in all.
          </p>
          {submission.differences.length ? (
            <Alert variant="warning">
              <p className="font-medium">This submission differs from the contact record:</p>
              <ul className="mt-1 list-disc pl-5">
                {submission.differences.map((d) => (
                  <li key={d.field}>
                    {d.label}: sent “{d.submitted}”, the contact has “{d.contact || "nothing"}”
                  </li>
                ))}
              </ul>
              <p className="mt-1">The contact keeps what was first submitted; edit it by hand if this is newer.</p>
            </Alert>
          ) : null}
        </div>
      ) : (
        <p className="mt-4 text-sm text-muted-foreground">
          No contact: spam makes none. Restoring it creates or links one by e-mail.
        </p>
      )}
    </Card>
  );
}

/** The staff e-mail's state (and sending it again), and where the visitor came from. */
function OriginCard({ submission, act }: { submission: Submission; act: Act }) {
  const origin = [
    ["Landing page", submission.attribution.landingPage],
    ["Referrer", submission.attribution.referrer],
    ["UTM source", submission.attribution.utmSource],
    ["UTM medium", submission.attribution.utmMedium],
    ["UTM campaign", submission.attribution.utmCampaign],
    ["IP address", submission.clientIp],
  ] as const;
  return (
    <Card title="Notification and origin">
      <dl className="mt-4 grid grid-cols-[9rem_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted-foreground">E-mail to staff</dt>
        <dd>
          {NOTIFY_LABELS[submission.notify.status] ?? submission.notify.status}
          {submission.notify.attempts > 1 ? ` after ${submission.notify.attempts} attempts` : ""}
          {submission.notify.error ? (
            <span className="block break-words text-destructive-text">{submission.notify.error}</span>
          ) : null}
        </dd>
        <dt className="text-muted-foreground">Auto-reply</dt>
        <dd>
          {autoReplyText(submission.autoReply)}
          {submission.autoReply.note ? (
            <span className="block break-words text-muted-foreground">{submission.autoReply.note}</span>
          ) : null}
        </dd>
        {origin.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="break-all">{value || "—"}</dd>
          </div>
        ))}
      </dl>
      {!submission.spam && !["sent", "pending", "sending"].includes(submission.notify.status) ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="mt-4"
          disabled={act.mutation.isPending}
          onClick={() => act.mutation.mutate({ method: "POST", path: "/notification" })}
        >
          Send the notification again
        </Button>
      ) : null}
    </Card>
  );
}
