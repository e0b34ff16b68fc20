import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { useState } from "react";
import { describeCounts, type PrivacySearchResponse } from "@common/privacy";
import { ConfirmAction } from "~/components/admin/confirm-action";
import { Button } from "~/components/ui/button";
import { useResultFeedback, type Outcome } from "~/components/ui/use-result-feedback";
import { apiAction } from "~/lib/queryClient";
import { privacyKeys, querySegment } from "~/lib/query-keys";

/**
 * The export (a ZIP of data.json and the files, GET …/export, audited) and the erasure
 * (POST …/erase with the total the confirmation listed, so nothing found since goes unseen).
 */
export function PersonActions({ data, requestId }: { data: PrivacySearchResponse; requestId: string | null }) {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>();
  useResultFeedback(outcome);
  const erase = useMutation({
    mutationFn: () =>
      apiAction("POST", `${privacyKeys.all[0]}/erase`, {
        email: data.email,
        requestId,
        expectedTotal: data.total,
      }),
    onSuccess: setOutcome,
    onError: setOutcome,
    onSettled: () => queryClient.invalidateQueries({ queryKey: privacyKeys.all }),
  });
  if (!data.total) return null;
  const exportUrl = `${privacyKeys.all[0]}/export${querySegment({ email: data.email, request: requestId })[0]}`;
  return (
    <div className="mt-6 flex flex-wrap items-center gap-3 border-t border-border pt-6">
      <Button asChild variant="outline">
        <a href={exportUrl} download>
          <Download className="size-4" aria-hidden />
          Download ZIP
        </a>
      </Button>
      <ConfirmAction
        trigger="Erase everything"
        triggerVariant="destructive"
        disabled={erase.isPending}
        title={`Erase everything held about ${data.email}?`}
        description={
          <>
            This removes for good: {describeCounts({ ...data.counts, audit: 0, requests: 0 })}.{" "}
            {data.counts.audit
              ? `The address is taken out of ${data.counts.audit} audit ${data.counts.audit === 1 ? "entry" : "entries"}. `
              : ""}
            {data.counts.requests ? "Their privacy requests stay, without the address. " : ""}
            The audit log records the counts only. Download the ZIP first if the person asked for a copy.
          </>
        }
        confirmLabel="Erase for good"
        destructive
        onConfirm={() => erase.mutate()}
      />
    </div>
  );
}
