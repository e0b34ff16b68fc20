import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState, type RefObject } from "react";
import { industryInputSchema, type IndustryInput } from "@common/industry";
import { INDUSTRY_LIMITS as L } from "@common/limits";
import type { Industry } from "@server/industries/industries";
import { ConfirmDialog } from "~/components/admin/confirm-action";
import { formSchema } from "~/components/admin/form-values";
import { MarkdownField } from "~/components/admin/markdown-field";
import { SlugField } from "~/components/admin/slug-field";
import { useApiForm } from "~/components/admin/use-api-form";
import { useLeaveWarning } from "~/components/admin/use-leave-warning";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { apiAction } from "~/lib/queryClient";
import { industriesKeys } from "~/lib/query-keys";

const schema = formSchema(industryInputSchema, {
  checkboxes: ["published"],
  lines: ["needs", "recommendedSetup"],
});

/**
 * Edits one industry page in a dialog, with the editors' conventions: the slug checked as you
 * type (409 when another industry has it), a save based on an older version offers reload or
 * overwrite, and unsaved changes are not lost without a question (closing the dialog, leaving
 * the page in the app, closing the tab).
 */
export function IndustryEditor({
  industry,
  onOpenChange,
  onReplace,
}: {
  industry: Industry | null;
  onOpenChange: (open: boolean) => void;
  /** Shows another version of the page (after "Reload their version"). */
  onReplace: (industry: Industry) => void;
}) {
  const unsaved = useRef<() => boolean>(() => false);
  const [confirmingClose, setConfirmingClose] = useState(false);
  const requestClose = () => (unsaved.current() ? setConfirmingClose(true) : onOpenChange(false));
  return (
    <>
      <Dialog open={industry !== null} onOpenChange={(open) => (open ? onOpenChange(true) : requestClose())}>
        <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-3xl">
          <DialogHeader>
            <DialogTitle>{industry ? `Edit ${industry.name}` : "Edit industry"}</DialogTitle>
            <DialogDescription>Changes show on the public page as soon as you save.</DialogDescription>
          </DialogHeader>
          {industry ? (
            <IndustryForm
              key={`${industry.id}@${industry.updatedAt}`}
              industry={industry}
              unsavedRef={unsaved}
              onCancel={requestClose}
              onDone={() => onOpenChange(false)}
              onReplace={onReplace}
            />
          ) : null}
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={confirmingClose}
        onOpenChange={setConfirmingClose}
        title="Close without saving?"
        description="Your changes to this page since the last save will be lost."
        confirmLabel="Close without saving"
        destructive
        onConfirm={() => onOpenChange(false)}
      />
    </>
  );
}

function IndustryForm({
  industry,
  unsavedRef,
  onCancel,
  onDone,
  onReplace,
}: {
  industry: Industry;
  /** Set to this form's "has unsaved changes?" (the dialog asks before closing). */
  unsavedRef: RefObject<() => boolean>;
  onCancel: () => void;
  onDone: () => void;
  onReplace: (industry: Industry) => void;
}) {
  const ref = useRef<HTMLFormElement>(null);
  const leave = useLeaveWarning(ref);
  useEffect(() => {
    unsavedRef.current = leave.unsaved;
    return () => {
      unsavedRef.current = () => false;
    };
  }, [unsavedRef, leave.unsaved]);
  const queryClient = useQueryClient();
  const base = industry;
  const [overwrite, setOverwrite] = useState(false);
  const [slug, setSlug] = useState(industry.slug);
  const form = useApiForm(ref, {
    schema,
    send: (values: IndustryInput) =>
      apiAction<{ id: string; updatedAt: string }>(
        "PUT",
        `${industriesKeys.all[0]}/${encodeURIComponent(industry.id)}`,
        {
          ...values,
          ...(overwrite ? {} : { baseUpdatedAt: base.updatedAt }),
        },
      ),
    invalidate: industriesKeys.all,
    keepValues: true,
  });
  const { markSaved } = leave;
  useEffect(() => {
    if (!form.result?.ok) return;
    markSaved();
    onDone();
  }, [form.result, onDone, markSaved]);
  const stale = form.formError && !overwrite && /saved this page after you opened it/.test(form.formError);

  const reload = async () => {
    const fresh = await queryClient.fetchQuery<{ industry: Industry }>({
      queryKey: industriesKeys.detail(industry.id),
      staleTime: 0,
    });
    onReplace(fresh.industry);
  };

  return (
    <>
      <form
        ref={ref}
        method="post"
        noValidate
        onSubmit={form.onSubmit}
        className="mt-4 grid gap-4"
        {...leave.formProps}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Name" id="industry-name" required error={form.fieldErrors.name}>
            <Input name="name" defaultValue={base.name} maxLength={L.name} />
          </Field>
          <SlugField
            id="industry-slug"
            value={slug}
            error={form.fieldErrors.slug}
            maxLength={L.slug}
            checkKey={(value) => industriesKeys.slugCheck(value, industry.id)}
            hint={
              slug !== industry.slug
                ? `The page moves to /industries/${slug}; /industries/${industry.slug} will redirect there.`
                : `The page's address: /industries/${slug}`
            }
            onChange={setSlug}
          />
        </div>
        <Field
          label="Summary"
          id="industry-summary"
          required
          error={form.fieldErrors.summary}
          hint="Under the title and in search results."
        >
          <Textarea name="summary" rows={2} defaultValue={base.summary} maxLength={L.summary} />
        </Field>
        <MarkdownField
          label="Body"
          name="body"
          id="industry-body"
          rows={10}
          defaultValue={base.body}
          maxLength={L.body}
          error={form.fieldErrors.body}
          required
          images
          keys={industriesKeys}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="What these businesses need"
            id="industry-needs"
            error={form.fieldErrors.needs}
            hint="One per line."
          >
            <Textarea name="needs" rows={4} defaultValue={base.needs.join("\n")} />
          </Field>
          <Field
            label="Recommended setup"
            id="industry-recommendedSetup"
            error={form.fieldErrors.recommendedSetup}
            hint="One per line."
          >
            <Textarea name="recommendedSetup" rows={4} defaultValue={base.recommendedSetup.join("\n")} />
          </Field>
        </div>
        <div className="grid gap-4 sm:grid-cols-2 sm:items-end">
          <Field
            label="Order"
            id="industry-sortOrder"
            error={form.fieldErrors.sortOrder}
            hint="Lower numbers come first."
          >
            <Input name="sortOrder" type="number" min="0" step="1" defaultValue={String(base.sortOrder)} />
          </Field>
          <Field label="Published (listed and reachable)" id="industry-published" orientation="horizontal">
            <Checkbox name="published" defaultChecked={base.published} />
          </Field>
        </div>
        {stale ? (
          <Alert variant="warning">
            <p>{form.formError}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button type="button" variant="outline" size="sm" onClick={() => void reload()}>
                Reload their version
              </Button>
              <Button type="button" variant="outline" size="sm" onClick={() => setOverwrite(true)}>
                Keep mine (then save again)
              </Button>
            </div>
          </Alert>
        ) : form.formError ? (
          <Alert variant="error">{form.formError}</Alert>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={form.pending}>
            {form.pending ? "Saving..." : overwrite ? "Save and overwrite" : "Save industry"}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={leave.blocker.state === "blocked"}
        onOpenChange={(open) => (open ? null : leave.blocker.reset?.())}
        title="Leave without saving?"
        description="Your changes since the last save will be lost."
        confirmLabel="Leave"
        destructive
        onConfirm={() => leave.blocker.proceed?.()}
      />
    </>
  );
}
