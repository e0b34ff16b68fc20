import { useQuery } from "@tanstack/react-query";
import {
  AUTO_REPLY_LIMITS,
  AUTO_REPLY_PLACEHOLDERS,
  autoReplyPreviewSchema,
  type AutoReplyPreviewInput,
  type AutoReplySettings,
} from "@common/auto-reply";
import { checkInput } from "@common/result";
import type { AutoReplyPreviewResponse } from "@server/forms/api";
import { Card } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { Field, FieldError } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { Textarea } from "~/components/ui/textarea";
import { describeOutcome } from "~/components/ui/use-result-feedback";
import { apiRequest } from "~/lib/queryClient";
import { formsKeys } from "~/lib/query-keys";
import { useDebounced } from "~/lib/use-debounced";

/**
 * The form's auto-reply to the submitter (/admin/forms/:id): the switch, the subject and the
 * Markdown message with the placeholders listed beside them, and a preview with sample data
 * rendered by the server as it will be sent (updated as typing pauses). An unknown
 * placeholder is shown at its field, from the preview as soon as it is typed, or from saving.
 */
export function AutoReplyCard({
  formId,
  value,
  onChange,
  errors,
}: {
  formId?: string;
  value: AutoReplySettings;
  onChange: (next: AutoReplySettings) => void;
  errors: Record<string, string>;
}) {
  const settled = useDebounced({ subject: value.subject, body: value.body }, 400);
  // The shared check first (an unknown placeholder, an empty subject): shown at once, nothing sent.
  const local = checkInput(autoReplyPreviewSchema, settled);
  const preview = useQuery({
    queryKey: formsKeys.autoReplyPreview(formId ?? "", settled.subject, settled.body),
    queryFn: async () => {
      const input: AutoReplyPreviewInput = { ...settled, formId: formId || null };
      const res = await apiRequest("POST", "/api/admin/forms/auto-reply-preview", input);
      return (await res.json()) as AutoReplyPreviewResponse;
    },
    enabled: local.ok,
    placeholderData: (previous) => previous,
    retry: false,
    gcTime: 30_000,
  });
  const failure = local.ok ? describeOutcome(preview.error) : local;
  const previewErrors: Record<string, string> = (failure && !failure.ok ? failure.fieldErrors : undefined) ?? {};
  // A save's error is stale once the preview of the text as it now stands came back fine.
  const saved = local.ok && preview.isSuccess && !preview.isPlaceholderData ? {} : errors;
  const subjectError = previewErrors.subject ?? saved["autoReply.subject"];
  const bodyError = previewErrors.body ?? saved["autoReply.body"];
  const set = (patch: Partial<AutoReplySettings>) => onChange({ ...value, ...patch });

  return (
    <Card
      title="Auto-reply"
      description="An e-mail to the address the visitor gave, sent as soon as the submission is stored (one held as spam: when you restore it). At most one per address per hour from this form."
    >
      <div className="mt-4 grid gap-6">
        <Field
          id="auto-reply-enabled"
          label="Send an auto-reply to everyone who submits this form"
          orientation="horizontal"
        >
          <Checkbox checked={value.enabled} onChange={(e) => set({ enabled: e.target.checked })} />
        </Field>
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <div className="grid content-start gap-4">
            <Field id="auto-reply-subject" label="Subject" required mark="required" error={subjectError}>
              <Input
                value={value.subject}
                maxLength={AUTO_REPLY_LIMITS.subject}
                onChange={(e) => set({ subject: e.target.value })}
              />
            </Field>
            <Field
              id="auto-reply-body"
              label="Message"
              required
              mark="required"
              hint="Markdown: **bold**, *italic*, [link](https://…), lists with -. Placeholders in double braces."
              error={bodyError}
            >
              <Textarea
                rows={14}
                value={value.body}
                maxLength={AUTO_REPLY_LIMITS.body}
                onChange={(e) => set({ body: e.target.value })}
                textSize="sm"
                className="font-mono"
              />
            </Field>
          </div>
          <Placeholders />
        </div>
        <PreviewPanel
          preview={preview.data}
          busy={preview.isFetching}
          failed={Boolean(failure && !failure.ok)}
          message={
            subjectError || bodyError
              ? "Correct the field marked above to see the preview."
              : failure && !failure.ok
                ? failure.formError
                : undefined
          }
        />
      </div>
    </Card>
  );
}

/** The placeholders a template may use and what each becomes. */
function Placeholders() {
  return (
    <section aria-labelledby="auto-reply-placeholders" className="rounded-md border border-border bg-muted/40 p-4">
      <h3 id="auto-reply-placeholders" className="text-sm font-semibold text-foreground">
        Placeholders
      </h3>
      <dl className="mt-2 grid gap-2 text-sm">
        {AUTO_REPLY_PLACEHOLDERS.map((p) => (
          <div key={p.key}>
            <dt>
              <code className="rounded bg-background px-1 py-0.5 font-mono text-xs text-foreground">{`{{${p.key}}}`}</code>
            </dt>
            <dd className="text-muted-foreground">{p.description}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The body of the preview's HTML document (the server renders and escapes it). */
const bodyOf = (html: string) => /<body>([\s\S]*)<\/body>/.exec(html)?.[1] ?? "";

function PreviewPanel({
  preview,
  busy,
  failed,
  message,
}: {
  preview?: AutoReplyPreviewResponse;
  busy: boolean;
  failed: boolean;
  message?: string;
}) {
  return (
    <section
      aria-labelledby="auto-reply-preview"
      aria-busy={busy}
      className="rounded-md border border-border bg-background p-4"
    >
      <h3 id="auto-reply-preview" className="text-sm font-semibold text-foreground">
        Preview with sample data
      </h3>
      {failed ? (
        <FieldError className="mt-2">{message ?? "The preview could not be rendered."}</FieldError>
      ) : !preview ? (
        <p className="mt-2 text-sm text-muted-foreground">Rendering preview…</p>
      ) : (
        <div className="mt-3 grid gap-3">
          <p className="text-sm">
            <span className="font-semibold text-foreground">Subject: </span>
            <span data-testid="auto-reply-preview-subject">{preview.subject}</span>
          </p>
          <Tabs defaultValue="html" className="grid gap-2">
            <TabsList aria-label="Preview: e-mail or plain text" className="justify-self-start">
              <TabsTrigger value="html">E-mail</TabsTrigger>
              <TabsTrigger value="text">Plain text</TabsTrigger>
            </TabsList>
            <TabsContent value="html" className="mt-0">
              <div
                // A scrolling region must be reachable by keyboard (WCAG 2.1.1; axe "scrollable-region-focusable").
                // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
                tabIndex={0}
                role="region"
                aria-label="The e-mail as sent"
                className="prose-content prose-compact max-h-[28rem] overflow-y-auto rounded-sm border border-border p-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                dangerouslySetInnerHTML={{ __html: bodyOf(preview.html) }}
              />
            </TabsContent>
            <TabsContent value="text" className="mt-0">
              <pre
                // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
                tabIndex={0}
                aria-label="The plain-text part"
                className="max-h-[28rem] overflow-auto whitespace-pre-wrap rounded-sm border border-border p-4 font-mono text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                {preview.text}
              </pre>
            </TabsContent>
          </Tabs>
        </div>
      )}
    </section>
  );
}
