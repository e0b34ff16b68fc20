import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { History } from "lucide-react";
import { useState } from "react";
import type { RevisionDiffResponse, RevisionsResponse } from "@server/content/api";
import { ConfirmAction } from "~/components/admin/confirm-action";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { EmptyState } from "~/components/ui/empty-state";
import { ListSkeleton } from "~/components/ui/skeleton";
import { failureMessage, useResultFeedback, type Outcome } from "~/components/ui/use-result-feedback";
import { formatDateTime } from "~/lib/dates";
import { contentKeys } from "~/lib/query-keys";
import { apiAction } from "~/lib/queryClient";
import type { KindInfo } from "./article-kind";

const KIND_LABEL: Record<string, string> = {
  created: "Created",
  saved: "Saved",
  autosaved: "Autosaved",
  restored: "Restored",
  published: "Published",
  unpublished: "Unpublished",
};

type Change = RevisionDiffResponse["body"][number];

function DiffText({ parts, label }: { parts: Change[]; label: string }) {
  const changed = parts.some((p) => p.added || p.removed);
  return (
    <section aria-label={label} className="grid gap-1">
      <h3 className="text-sm font-semibold text-foreground">
        {label} {changed ? null : <span className="font-normal text-muted-foreground">(no change)</span>}
      </h3>
      <pre className="max-h-80 overflow-auto whitespace-pre-wrap break-words rounded-md border border-border bg-background p-3 font-mono text-xs leading-5">
        {parts.map((p, i) =>
          p.added ? (
            <ins key={i} className="bg-success-muted text-success no-underline">
              <span className="sr-only">[added: </span>
              {p.value}
              <span className="sr-only">]</span>
            </ins>
          ) : p.removed ? (
            <del key={i} className="bg-destructive-muted text-destructive-text">
              <span className="sr-only">[removed: </span>
              {p.value}
              <span className="sr-only">]</span>
            </del>
          ) : (
            <span key={i}>{p.value}</span>
          ),
        )}
      </pre>
    </section>
  );
}

/**
 * The item's revisions (who, when, what changed in title/slug/body), a diff of any of them
 * against the current text, and restore (which saves a new revision). Restoring replaces
 * unsaved changes in the form, so the editor reloads after it.
 */
export function HistoryPanel({
  info,
  itemId,
  baseVersion,
  dirty,
  onRestored,
}: {
  info: KindInfo;
  itemId: string;
  baseVersion: number;
  dirty: boolean;
  onRestored: () => Promise<void>;
}) {
  const keys = contentKeys(info.kind);
  const queryClient = useQueryClient();
  const revisions = useQuery<RevisionsResponse>({ queryKey: keys.revisions(itemId) });
  const [comparing, setComparing] = useState<string | null>(null);
  const diff = useQuery<RevisionDiffResponse>({
    queryKey: keys.revision(itemId, comparing ?? ""),
    enabled: !!comparing,
    staleTime: 0,
  });
  const [outcome, setOutcome] = useState<Outcome>();
  useResultFeedback(outcome);
  const restore = useMutation({
    mutationFn: (revisionId: string) =>
      apiAction("POST", `${keys.revision(itemId, revisionId).join("/")}/restore`, { baseVersion }),
    onSuccess: async (result) => {
      setOutcome(result);
      await onRestored();
      await queryClient.invalidateQueries({ queryKey: keys.all });
    },
    onError: setOutcome,
  });

  return (
    <Card title="History" description="Every save keeps a revision. Times are Arizona time.">
      <div className="mt-4">
        {revisions.isPending ? (
          <ListSkeleton label="Loading the history..." rows={3} />
        ) : revisions.isError ? (
          <Alert variant="error">{failureMessage(revisions.error)}</Alert>
        ) : revisions.data.revisions.length === 0 ? (
          <EmptyState icon={History} title="No revisions yet" description="Saving keeps a revision here." />
        ) : (
          <ol className="grid gap-3" aria-label="Revisions, newest first">
            {revisions.data.revisions.map((r, index) => (
              <li key={r.id} className="rounded-md border border-border p-3">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge variant={index === 0 ? "info" : "neutral"}>{KIND_LABEL[r.kind] ?? r.kind}</Badge>
                  <time dateTime={r.updatedAt} className="text-sm text-foreground">
                    {formatDateTime(r.updatedAt)}
                  </time>
                  {index === 0 ? <span className="text-xs text-muted-foreground">(current)</span> : null}
                </div>
                <p className="mt-1 text-sm text-muted-foreground">
                  {r.actorEmail ?? "Someone"} · changed {r.changed.length ? r.changed.join(", ") : "other fields"}
                </p>
                <p className="mt-1 truncate text-sm font-medium text-foreground">{r.title}</p>
                {index > 0 ? (
                  <div className="mt-2 flex flex-wrap gap-2">
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      aria-label={`Compare the revision of ${formatDateTime(r.updatedAt)} with the current text`}
                      onClick={() => setComparing(r.id)}
                    >
                      Compare
                    </Button>
                    <ConfirmAction
                      trigger="Restore"
                      triggerLabel={`Restore the revision of ${formatDateTime(r.updatedAt)}`}
                      disabled={restore.isPending}
                      title="Restore this revision?"
                      description={
                        <>
                          Its title, slug, body, excerpt, category, tags and search fields replace the current ones
                          (publication stays as it is). This is saved as a new revision, so you can go back.
                          {dirty ? " Your unsaved changes in the form are discarded." : ""}
                        </>
                      }
                      confirmLabel="Restore"
                      onConfirm={() => restore.mutate(r.id)}
                    />
                  </div>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </div>
      <Dialog open={!!comparing} onOpenChange={(open) => (open ? null : setComparing(null))}>
        <DialogContent className="max-w-3xl">
          <DialogTitle>Changes since this revision</DialogTitle>
          <DialogDescription>
            Struck-through text was in the revision; highlighted text is in the current version.
          </DialogDescription>
          <div className="mt-4 grid gap-4">
            {diff.isPending ? (
              <ListSkeleton label="Loading the comparison..." rows={3} />
            ) : diff.isError ? (
              <Alert variant="error">{failureMessage(diff.error)}</Alert>
            ) : (
              <>
                <DiffText parts={diff.data.title} label="Title" />
                <DiffText parts={diff.data.slug} label="Slug" />
                <DiffText parts={diff.data.body} label="Body" />
              </>
            )}
          </div>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
