import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { Link, useNavigate, useParams, useRouteLoaderData } from "react-router";
import {
  fieldKeyFor,
  formDefinitionSchema,
  FIELD_TYPES,
  type FieldType,
  type FormDefinition,
  type FormDefinitionInput,
} from "@common/forms";
import { FORM_LIMITS } from "@common/limits";
import { can } from "@common/roles";
import { checkInput } from "@common/result";
import { slugify } from "@common/slug";
import type { FormResponse } from "@server/forms/api";
import { ConfirmAction } from "~/components/admin/confirm-action";
import { FieldEditor, type EditableField } from "~/components/admin/forms/field-editor";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { ListSkeleton } from "~/components/ui/skeleton";
import { Textarea } from "~/components/ui/textarea";
import { failureMessage, useResultFeedback, type Outcome } from "~/components/ui/use-result-feedback";
import { apiAction } from "~/lib/queryClient";
import { formsKeys } from "~/lib/query-keys";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/form-edit";

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: "Edit form · Admin", description: "A form's fields, recipients and message.", noindex: true });

let uidCounter = 0;
const uid = () => `f${++uidCounter}`;

const toEditable = (form: Pick<FormDefinition, "fields">): EditableField[] =>
  form.fields.map(({ options, ...f }) => ({ ...f, optionsText: options.join("\n"), uid: uid() }));

const BLANK: FormDefinitionInput = {
  name: "",
  slug: "",
  description: null,
  fields: [{ key: "email", type: "email", label: "E-mail", required: true, options: [], contact: "email" }],
  recipients: [],
  successMessage: "Thank you. We'll be in touch within one business day.",
  active: true,
};

/** /admin/forms/new and /admin/forms/:id: the form definition editor. */
export default function FormEditPage() {
  const { id } = useParams();
  const form = useQuery<FormResponse>({ queryKey: formsKeys.detail(id ?? ""), enabled: Boolean(id) });
  if (id && form.isPending) return <ListSkeleton label="Loading the form..." />;
  if (id && form.isError) return <Alert variant="error">{failureMessage(form.error)}</Alert>;
  const definition = form.data?.form;
  return <Editor key={definition?.updatedAt ?? "new"} definition={definition} />;
}

function Editor({ definition }: { definition?: FormDefinition }) {
  const start = definition ?? { ...BLANK, systemKey: null, id: "" };
  const system = Boolean(definition?.systemKey);
  const layout = useRouteLoaderData("routes/admin/layout") as { user: { role: string } } | undefined;
  const mayChangeRecipients = can(layout?.user, "form-recipients");
  const [name, setName] = useState(start.name);
  const [slug, setSlug] = useState(start.slug);
  const [slugTouched, setSlugTouched] = useState(Boolean(definition));
  const [description, setDescription] = useState(start.description ?? "");
  const [successMessage, setSuccessMessage] = useState(start.successMessage);
  const [recipients, setRecipients] = useState((start.recipients ?? []).join("\n"));
  const [active, setActive] = useState(start.active ?? true);
  const [fields, setFields] = useState<EditableField[]>(() => toEditable({ fields: start.fields as never }));
  const [newLabel, setNewLabel] = useState("");
  const [newType, setNewType] = useState<FieldType>("text");
  const [outcome, setOutcome] = useState<Outcome>();
  const ref = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { formError, fieldErrors } = useResultFeedback(outcome, { form: ref });

  const save = useMutation({
    mutationFn: (body: FormDefinitionInput) =>
      definition
        ? apiAction<{ id: string }>("PUT", `/api/admin/forms/${definition.id}`, body)
        : apiAction<{ id: string }>("POST", "/api/admin/forms", body),
    onSuccess: async (result) => {
      setOutcome(result);
      await queryClient.invalidateQueries({ queryKey: formsKeys.all });
      if (!definition && result.data) navigate(`/admin/forms/${result.data.id}`);
    },
    onError: setOutcome,
  });

  const remove = useMutation({
    mutationFn: () => apiAction("DELETE", `/api/admin/forms/${definition?.id}`),
    onSuccess: async (result) => {
      setOutcome(result);
      await queryClient.invalidateQueries({ queryKey: formsKeys.list(), exact: true });
      navigate("/admin/forms");
    },
    onError: setOutcome,
  });

  const payload = (): FormDefinitionInput => ({
    name,
    slug,
    description: description || null,
    active,
    successMessage,
    recipients: recipients
      .split(/[\n,;]+/)
      .map((r) => r.trim())
      .filter(Boolean),
    fields: fields.map(({ optionsText, uid: _uid, ...f }) => ({
      ...f,
      options:
        f.type === "select" || f.type === "multiselect"
          ? optionsText
              .split("\n")
              .map((o) => o.trim())
              .filter(Boolean)
          : [],
    })),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = payload();
    const checked = checkInput(formDefinitionSchema, body);
    if (!checked.ok) return setOutcome(checked);
    save.mutate(body);
  }

  const update = (index: number, patch: Partial<EditableField>) =>
    setFields((list) => list.map((f, i) => (i === index ? { ...f, ...patch } : f)));
  const move = (index: number, by: -1 | 1) =>
    setFields((list) => {
      const next = [...list];
      const target = index + by;
      if (target < 0 || target >= next.length || next[target]!.locked) return list;
      [next[index], next[target]] = [next[target]!, next[index]!];
      return next;
    });
  function addField() {
    const label = newLabel.trim() || FIELD_TYPES.find((t) => t.value === newType)!.label;
    const key = fieldKeyFor(
      label,
      fields.map((f) => f.key ?? ""),
    );
    setFields((list) => [
      ...list,
      { key, type: newType, label, help: null, required: false, optionsText: "", contact: null, uid: uid() },
    ]);
    setNewLabel("");
  }

  const listError = fieldErrors.fields;
  return (
    <form ref={ref} noValidate onSubmit={onSubmit} className="grid grid-cols-1 gap-8">
      <div>
        <p className="text-sm">
          <Link to="/admin/forms" className="text-link underline">
            Forms
          </Link>
        </p>
        <h1 className="mt-1 text-2xl font-bold text-foreground">{definition ? definition.name : "New form"}</h1>
        <p className="mt-2 text-muted-foreground">
          {system
            ? "The Free Analysis form on /contact. Its core fields feed the contact record: edit their labels and help texts, and add optional fields of your own."
            : "Build the form's fields; visitors see them in this order."}
        </p>
      </div>
      {formError && !Object.keys(fieldErrors).length ? <Alert variant="error">{formError}</Alert> : null}

      <Card title="About the form">
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <Field id="form-name" label="Name" required error={fieldErrors.name}>
            <Input
              value={name}
              maxLength={FORM_LIMITS.name}
              onChange={(e) => {
                setName(e.target.value);
                if (!slugTouched) setSlug(slugify(e.target.value));
              }}
            />
          </Field>
          <Field id="form-slug" label="Slug" hint={`Its page: /forms/${slug || "…"}`} required error={fieldErrors.slug}>
            <Input
              value={slug}
              disabled={system}
              maxLength={FORM_LIMITS.slug}
              onChange={(e) => {
                setSlug(e.target.value);
                setSlugTouched(true);
              }}
            />
          </Field>
          <Field
            id="form-description"
            label="Description"
            mark="optional"
            error={fieldErrors.description}
            className="sm:col-span-2"
          >
            <Textarea
              rows={2}
              value={description}
              maxLength={FORM_LIMITS.description}
              onChange={(e) => setDescription(e.target.value)}
            />
          </Field>
          <Field
            id="form-success"
            label="Message after sending"
            required
            error={fieldErrors.successMessage}
            className="sm:col-span-2"
          >
            <Textarea
              rows={2}
              value={successMessage}
              maxLength={FORM_LIMITS.successMessage}
              onChange={(e) => setSuccessMessage(e.target.value)}
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
            error={
              fieldErrors.recipients ?? Object.entries(fieldErrors).find(([k]) => k.startsWith("recipients."))?.[1]
            }
          >
            <Textarea
              rows={3}
              value={recipients}
              readOnly={!mayChangeRecipients}
              onChange={(e) => setRecipients(e.target.value)}
            />
          </Field>
          {system ? null : (
            <Field id="form-active" label="Active (the public page takes submissions)" orientation="horizontal">
              <Checkbox checked={active} onChange={(e) => setActive(e.target.checked)} />
            </Field>
          )}
        </div>
      </Card>

      <Card
        title="Fields"
        description="Every form needs a required e-mail field: it is how the contact is found again."
      >
        {listError ? (
          <Alert variant="error" className="mt-4">
            {listError}
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
              onChange={(patch) => update(i, patch)}
              onMove={(by) => move(i, by)}
              onRemove={() => setFields((list) => list.filter((_, j) => j !== i))}
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
          <Button type="button" variant="outline" onClick={addField} disabled={fields.length >= FORM_LIMITS.fields}>
            <Plus className="size-4" aria-hidden /> Add field
          </Button>
        </div>
      </Card>

      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : definition ? "Save form" : "Create form"}
        </Button>
        {definition ? (
          <Button asChild variant="outline">
            <Link to={`/admin/forms/${definition.id}/submissions`}>Submissions</Link>
          </Button>
        ) : null}
        {definition && !system ? (
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
    </form>
  );
}
