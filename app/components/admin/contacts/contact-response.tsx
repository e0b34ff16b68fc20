import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Mail, Phone } from "lucide-react";
import { useState } from "react";
import { FIRST_RESPONSE_LABELS, type TouchChannel } from "@common/response-clock";
import type { ContactDetailResponse } from "@server/contacts/api";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { useResultFeedback, type Outcome } from "~/components/ui/use-result-feedback";
import { formatDateTime } from "~/lib/dates";
import { apiAction } from "~/lib/queryClient";
import { contactsKeys } from "~/lib/query-keys";
import { WaitingBadge } from "./waiting";

/**
 * The clock on this contact (decision 0048): how long its oldest unanswered lead has waited,
 * who answered the latest one, and "Logged a call" / "Logged an e-mail" for a response made
 * outside the site (any note, status change or owner assignment answers too).
 */
export function ContactResponse({ detail }: { detail: ContactDetailResponse }) {
  const { waiting } = detail;
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>();
  const feedback = useResultFeedback(outcome);
  const log = useMutation({
    mutationFn: (channel: TouchChannel) =>
      apiAction("POST", `${contactsKeys.detail(detail.contact.id).join("/")}/touches`, { channel }),
    onSuccess: setOutcome,
    onError: setOutcome,
    onSettled: () => queryClient.invalidateQueries({ queryKey: contactsKeys.all }),
  });
  const answered = detail.submissions.find((s) => s.firstResponse);
  return (
    <Card title="First response">
      <div className="mt-3 grid gap-3 text-sm">
        {waiting ? (
          <div className="flex flex-wrap items-center gap-2">
            <WaitingBadge since={waiting.since} overdue={waiting.overdue} />
            <p className="text-foreground">
              {waiting.overdue
                ? `Past the ${waiting.targetMinutes}-minute target (${waiting.businessMinutes} business minutes). Nobody has answered yet.`
                : `Nobody has answered yet. Target: ${waiting.targetMinutes} business minutes.`}
            </p>
          </div>
        ) : (
          <p className="text-muted-foreground">
            {answered?.firstResponse
              ? `Every lead is answered. The latest: by ${answered.firstResponse.byName || "staff"} with ${FIRST_RESPONSE_LABELS[answered.firstResponse.kind]}, ${formatDateTime(answered.firstResponse.at)}.`
              : "Nothing is waiting for an answer."}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="secondary" disabled={log.isPending} onClick={() => log.mutate("call")}>
            <Phone className="size-4" aria-hidden />
            Logged a call
          </Button>
          <Button type="button" variant="secondary" disabled={log.isPending} onClick={() => log.mutate("email")}>
            <Mail className="size-4" aria-hidden />
            Logged an e-mail
          </Button>
        </div>
        {feedback.formError ? <p className="text-destructive-text">{feedback.formError}</p> : null}
      </div>
    </Card>
  );
}
