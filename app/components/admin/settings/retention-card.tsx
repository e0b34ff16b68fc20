import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { RETENTION_MAX_DAYS, type SiteSettings } from "@common/settings";
import type { RetentionPreviewResponse } from "@server/forms/retention-api";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { formatDateTime } from "~/lib/dates";
import { settingsKeys } from "~/lib/query-keys";
import { useDebounced } from "~/lib/use-debounced";

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
const wholeDays = (value: string) => (/^\d{1,4}$/.test(value) && Number(value) >= 1 ? Number(value) : undefined);

/**
 * How long spam and closed contacts' statements are kept (decision 0049), and what the next
 * daily run will remove with the days as typed (GET /api/admin/settings/retention, counted by
 * the job's own queries at the run's time).
 */
export function RetentionCard({ settings, errors }: { settings: SiteSettings; errors: Record<string, string> }) {
  const [spam, setSpam] = useState(String(settings.spamRetentionDays));
  const [statements, setStatements] = useState(String(settings.statementRetentionDays));
  const chosen = useDebounced({ spam: wholeDays(spam), statements: wholeDays(statements) }, 400);
  const params = new URLSearchParams();
  if (chosen.spam && chosen.spam <= RETENTION_MAX_DAYS) params.set("spamDays", String(chosen.spam));
  if (chosen.statements && chosen.statements <= RETENTION_MAX_DAYS)
    params.set("statementDays", String(chosen.statements));
  const preview = useQuery<RetentionPreviewResponse>({
    queryKey: [...settingsKeys.all, `retention?${params}`],
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const unsaved = (p: RetentionPreviewResponse) =>
    p.spamDays !== settings.spamRetentionDays || p.statementDays !== settings.statementRetentionDays;
  const days = (key: "spamRetentionDays" | "statementRetentionDays", label: string, hint: string) => (
    <Field label={label} id={`settings-${key}`} required error={errors[key]} hint={hint}>
      <Input
        name={key}
        type="number"
        inputMode="numeric"
        step="1"
        min="1"
        max={RETENTION_MAX_DAYS}
        value={key === "spamRetentionDays" ? spam : statements}
        onChange={(e) => (key === "spamRetentionDays" ? setSpam : setStatements)(e.target.value)}
      />
    </Field>
  );
  return (
    <Card
      title="Retention"
      description="Spam submissions, and the files of Free Analysis requests once their contact is a customer or lost (the submission stays). Deleted for good once a day at 2:00 a.m. Arizona time; the audit log records what each run removed."
    >
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {days("spamRetentionDays", "Keep spam (days)", "Counted from when a submission arrived.")}
        {days("statementRetentionDays", "Keep statements (days)", "Counted from when the contact was closed.")}
      </div>
      <div className="mt-4 rounded-md border border-border bg-subtle p-4 text-sm" aria-live="polite">
        {preview.data ? (
          <p className="text-foreground">
            {unsaved(preview.data) ? "With these days, the next run" : "The next run"} (
            {formatDateTime(preview.data.nextRunAt)}) {unsaved(preview.data) ? "would remove" : "will remove"}:{" "}
            <strong>{plural(preview.data.spamSubmissions, "spam submission", "spam submissions")}</strong> and{" "}
            <strong>{plural(preview.data.statements, "statement", "statements")}</strong>.
            {unsaved(preview.data) ? " Save the settings to apply them." : ""}
          </p>
        ) : preview.isError ? (
          <p className="text-destructive-text">The preview could not be counted. Reload the page to try again.</p>
        ) : (
          <p className="text-muted-foreground">Counting what the next run will remove...</p>
        )}
      </div>
    </Card>
  );
}
