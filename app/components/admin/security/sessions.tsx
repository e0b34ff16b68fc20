import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { OwnSession } from "@server/account/account";
import { ConfirmAction } from "~/components/admin/confirm-action";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { useResultFeedback, type Outcome } from "~/components/ui/use-result-feedback";
import { apiAction } from "~/lib/queryClient";
import { securityKeys } from "~/lib/query-keys";
import { formatDateTime } from "~/lib/dates";

export const arizonaTime = (iso: string) => `${formatDateTime(iso)} (Arizona time)`;

/** The user's own sessions; another one can be signed out (DELETE /api/admin/security/sessions[/:id]). */
export function Sessions({ sessions }: { sessions: OwnSession[] }) {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>();
  const revoke = useMutation({
    mutationFn: (id: string | null) =>
      apiAction(
        "DELETE",
        id ? `/api/admin/security/sessions/${encodeURIComponent(id)}` : "/api/admin/security/sessions",
      ),
    onSuccess: setOutcome,
    onError: setOutcome,
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.all }),
  });
  useResultFeedback(outcome);
  const others = sessions.filter((s) => !s.current).length;
  return (
    <Card
      title="Active sessions"
      actions={
        others > 0 ? (
          <ConfirmAction
            disabled={revoke.isPending}
            trigger="Sign out everywhere else"
            title="Sign out everywhere else?"
            description={`This ends ${others === 1 ? "1 other session" : `${others} other sessions`}. This one stays signed in.`}
            confirmLabel="Sign out other sessions"
            destructive
            onConfirm={() => revoke.mutate(null)}
          />
        ) : null
      }
    >
      <ul className="mt-3 divide-y divide-subtle">
        {sessions.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
            <div>
              <p className="flex flex-wrap items-center gap-2 font-medium text-foreground">
                {s.device}
                {s.current ? <Badge variant="success">This device</Badge> : null}
              </p>
              <p className="text-muted-foreground">
                IP {s.ip} · last active {arizonaTime(s.lastActive)}
              </p>
            </div>
            {s.current ? null : (
              <ConfirmAction
                disabled={revoke.isPending}
                trigger="Revoke"
                triggerLabel={`Revoke session: ${s.device}, IP ${s.ip}`}
                title="Revoke this session?"
                description={`${s.device} (IP ${s.ip}) will be signed out at once.`}
                confirmLabel="Revoke session"
                destructive
                onConfirm={() => revoke.mutate(s.id)}
              />
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
