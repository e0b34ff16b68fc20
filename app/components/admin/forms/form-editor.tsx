import { useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useRef, useState } from "react";
import { Link, useParams, useRouteLoaderData } from "react-router";
import { FIELD_TYPES, FREE_ANALYSIS_SYSTEM_KEY, type FieldType, type FormDefinition } from "@common/forms";
import { FORM_LIMITS } from "@common/limits";
import { can } from "@common/roles";
import type { FormResponse } from "@server/forms/api";
import { ConfirmAction } from "~/components/admin/confirm-action";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { ListSkeleton } from "~/components/ui/skeleton";
import { Textarea } from "~/components/ui/textarea";
import { failureMessage } from "~/components/ui/use-result-feedback";
import { formsKeys } from "~/lib/query-keys";
import { AutoReplyCard } from "./auto-reply-card";
import { FieldEditor } from "./field-editor";
import { useFormEditor, type FormDraft } from "./use-form-editor";

type Editing = ReturnType<typeof useFormEditor>;

/** /admin/forms/new and /admin/forms/:id: the form definition editor. */
export function FormEditor() {
  const { id } = useParams();
  const form = useQuery<FormResponse>({ queryKey: formsKeys.detail(id ?? ""), enabled: Boolean(id) });
  if (id && form.isPending) return <ListSkeleton label="Loading the form..." />;
  if (id && form.isError) return <Alert variant="error">{failureMessage(form.error)}</Alert>;
  const definition = form.data?.form;
  return <Editor key={definition?.updatedAt ?? "new"} definition={definition} />;
}

function Editor({ definition }: { definition?: FormDefinition }) {
  const ref = useRef<HTMLFormElement>(null);
  const editing = useFormEditor(definition, ref);
  const { formError, fieldErrors } = editing;
  const system = Boolean(definition?.systemKey);
  return (
    <form ref={ref} noValidate onSubmit={editing.onSubmit} className="grid grid-cols-1 gap-8">
      <div>
        <p className="text-sm">
          <Link to="/admin/forms" className="text-link underline">
            Forms
          </Link>
        </p>
        <h1 className="mt-1 text-2xl font-bold text-foreground">{definition ? definition.name : "New form"}</h1>
        <p className="mt-2 text-muted-foreground">
          {definition?.systemKey === FREE_ANALYSIS_SYSTEM_KEY
            ? "The Free Analysis form on /contact. Its core fields feed the contact record: edit their labels and help texts, and add optional fields of your own."
            : system
              ? "The privacy-request form on /forms/privacy-request. Its core fields start a privacy request: edit their labels and help texts, and add optional fields of your own."
              : "Build the form's fields; visitors see them in this order."}
        </p>
      </div>
      {formError && !Object.keys(fieldErrors).length ? <Alert variant="error">{formError}</Alert> : null}
      <AboutCard draft={editing.draft} setDraft={editing.setDraft} errors={fieldErrors} system={system} />
      <FieldsCard editing={editing} />
      <AutoReplyCard
        formId={definition?.id}
        value={editing.draft.autoReply}
        onChange={(autoReply) => editing.setDraft({ autoReply })}
        errors={fieldErrors}
      />
      <EditorActions definition={definition} editing={editing} />
    </form>
  );
}

/** The form's name, slug, description, message after sending, recipients and switch. */
function AboutCard({
  draft,
  setDraft,
  errors,
  system,
}: {
  draft: FormDraft;
  setDraft: (patch: Partial<FormDraft>) => void;
  errors: Record<string, string>;
  system: boolean;
}) {
  const recipientsError = errors.recipients ?? Object.entries(errors).find(([k]) => k.startsWith("recipients."))?.[1];
  // Where submissions are e-mailed is an administrator's choice (the "form-recipients" permission).
  const layout = useRouteLoaderData("routes/admin/layout") as { user: { role: string } } | undefined;
  const mayChangeRecipients = can(layout?.user, "form-recipients");
  return (
    <Card title="About the form">
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <Field id="form-name" label="Name" required error={errors.name}>
          <Input value={draft.name} maxLength={FORM_LIMITS.name} onChange={(e) => setDraft({ name: e.target.value })} />
        </Field>
        <Field id="form-slug" label="Slug" hint={`Its page: /forms/${draft.slug || "…"}`} required error={errors.slug}>
          <Input
            value={draft.slug}
            disabled={system}
            maxLength={FORM_LIMITS.slug}
            onChange={(e) => setDraft({ slug: e.target.value, slugTouched: true })}
          />
        </Field>
        <Field
          id="form-description"
          label="Description"
          mark="optional"
          error={errors.description}
          className="sm:col-span-2"
        >
          <Textarea
            rows={2}
            value={draft.description}
            maxLength={FORM_LIMITS.description}
            onChange={(e) => setDraft({ description: e.target.value })}
          />
        </Field>
        <Field
          id="form-success"
          label="Message after sending"
          required
          error={errors.successMessage}
          className="sm:col-span-2"
        >
          <Textarea
            rows={2}
            value={draft.successMessage}
            maxLength={FORM_LIMITS.successMessage}
            onChange={(e) => setDraft({ successMessage: e.target.value })}
          />
        </Field>
        <Field
          id="form-recipients"
          label="Notify"
          mark="optional"
          hint={
            mayChangeRecipients
              ? "E-mail addresses, one per line. Empty: the staff address in the settings."
              : "Only an administrator can change where submissions are e-mailed."
          }
          error={recipientsError}
        >
          <Textarea
            rows={3}
            value={draft.recipients}
            readOnly={!mayChangeRecipients}
            onChange={(e) => setDraft({ recipients: e.target.value })}
          />
        </Field>
        {system ? null : (
          <Field id="form-active" label="Active (the public page takes submissions)" orientation="horizontal">
            <Checkbox checked={draft.active} onChange={(e) => setDraft({ active: e.target.checked })} />
          </Field>
        )}
      </div>
    </Card>
  );
}

/** The fields in order, each editable, and a row to add one. */
function FieldsCard({ editing }: { editing: Editing }) {
  const { fields, fieldList, fieldErrors } = editing;
  const [newLabel, setNewLabel] = useState("");
  const [newType, setNewType] = useState<FieldType>("text");
  return (
    <Card title="Fields" description="Every form needs a required e-mail field: it is how the contact is found again.">
      {fieldErrors.fields ? (
        <Alert variant="error" className="mt-4">
          {fieldErrors.fields}
        </Alert>
      ) : null}
      <ol className="mt-4 grid gap-3">
        {fields.map((field, i) => (
          <FieldEditor
            key={field.uid}
            field={field}
            index={i}
            count={fields.length}
            errors={fieldErrors}
            onChange={(patch) => fieldList.update(i, patch)}
            onMove={(by) => fieldList.move(i, by)}
            onRemove={() => fieldList.remove(i)}
          />
        ))}
      </ol>
      <div className="mt-4 flex flex-wrap items-end gap-3 rounded-md border border-dashed border-input p-4">
        <Field id="new-field-label" label="New field's label" className="w-full sm:w-auto sm:flex-1">
          <Input value={newLabel} maxLength={FORM_LIMITS.label} onChange={(e) => setNewLabel(e.target.value)} />
        </Field>
        <Field id="new-field-type" label="Type" className="w-full sm:w-auto">
          <Select value={newType} onChange={(e) => setNewType(e.target.value as FieldType)} className="sm:w-auto">
            {FIELD_TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </Select>
        </Field>
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            fieldList.add(newLabel, newType);
            setNewLabel("");
          }}
          disabled={fields.length >= FORM_LIMITS.fields}
        >
          <Plus className="size-4" aria-hidden /> Add field
        </Button>
      </div>
    </Card>
  );
}

/** Save (or create), the link to the submissions, and delete for a staff form. */
function EditorActions({ definition, editing }: { definition?: FormDefinition; editing: Editing }) {
  const { save, remove } = editing;
  return (
    <div className="flex flex-wrap gap-3">
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? "Saving…" : definition ? "Save form" : "Create form"}
      </Button>
      {definition ? (
        <Button asChild variant="outline">
          <Link to={`/admin/forms/${definition.id}/submissions`}>Submissions</Link>
        </Button>
      ) : null}
      {definition && !definition.systemKey ? (
        <ConfirmAction
          trigger="Delete form"
          triggerVariant="ghost"
          title={`Delete the form “${definition.name}”?`}
          description="Its page stops working at once. A form that has submissions cannot be deleted: switch it off instead, or delete its submissions first."
          confirmLabel="Delete form"
          destructive
          disabled={remove.isPending}
          onConfirm={() => remove.mutate()}
        />
      ) : null}
    </div>
  );
}
