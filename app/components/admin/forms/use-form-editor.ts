import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent, type RefObject } from "react";
import { useNavigate } from "react-router";
import {
  fieldKeyFor,
  formDefinitionSchema,
  FIELD_TYPES,
  type FieldType,
  type FormDefinition,
  type FormDefinitionInput,
} from "@common/forms";
import { FORM_AUTO_REPLY, type AutoReplySettings } from "@common/auto-reply";
import { checkInput } from "@common/result";
import { slugify } from "@common/slug";
import { useResultFeedback, type Outcome } from "~/components/ui/use-result-feedback";
import { apiAction } from "~/lib/queryClient";
import { formsKeys } from "~/lib/query-keys";
import type { EditableField } from "./field-editor";

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
  autoReply: FORM_AUTO_REPLY,
};

/** What the editor's "About the form" card edits. */
export interface FormDraft {
  name: string;
  slug: string;
  slugTouched: boolean;
  description: string;
  successMessage: string;
  recipients: string;
  active: boolean;
  /** The auto-reply card's switch, subject and message. */
  autoReply: AutoReplySettings;
}

const lines = (text: string, split: RegExp) =>
  text
    .split(split)
    .map((line) => line.trim())
    .filter(Boolean);

/** The definition the API takes, from the draft and the fields as edited. */
function payloadOf(draft: FormDraft, fields: EditableField[]): FormDefinitionInput {
  return {
    name: draft.name,
    slug: draft.slug,
    description: draft.description || null,
    active: draft.active,
    autoReply: draft.autoReply,
    successMessage: draft.successMessage,
    recipients: lines(draft.recipients, /[\n,;]+/),
    fields: fields.map(({ optionsText, uid: _uid, ...f }) => ({
      ...f,
      options: f.type === "select" || f.type === "multiselect" ? lines(optionsText, /\n/) : [],
    })),
  };
}

/**
 * The state of the form definition editor: the draft and its fields, adding, moving and
 * removing fields, and saving (checked with the shared schema first) or deleting through the
 * JSON API, with the outcome shown by useResultFeedback.
 */
export function useFormEditor(definition: FormDefinition | undefined, ref: RefObject<HTMLFormElement | null>) {
  const start = definition ?? { ...BLANK, systemKey: null, id: "" };
  const [draft, setDraftState] = useState<FormDraft>({
    name: start.name,
    slug: start.slug,
    slugTouched: Boolean(definition),
    description: start.description ?? "",
    successMessage: start.successMessage,
    recipients: (start.recipients ?? []).join("\n"),
    active: start.active ?? true,
    autoReply: { ...FORM_AUTO_REPLY, ...start.autoReply },
  });
  const [fields, setFields] = useState<EditableField[]>(() => toEditable({ fields: start.fields as never }));
  const [outcome, setOutcome] = useState<Outcome>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const feedback = useResultFeedback(outcome, { form: ref });

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

  /** A change to the draft; the slug follows the name until staff type their own. */
  const setDraft = (patch: Partial<FormDraft>) =>
    setDraftState((d) => {
      const next = { ...d, ...patch };
      if (patch.name !== undefined && !d.slugTouched) next.slug = slugify(patch.name);
      return next;
    });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = payloadOf(draft, fields);
    const checked = checkInput(formDefinitionSchema, body);
    if (!checked.ok) return setOutcome(checked);
    save.mutate(body);
  }

  const fieldList = {
    update: (index: number, patch: Partial<EditableField>) =>
      setFields((list) => list.map((f, i) => (i === index ? { ...f, ...patch } : f))),
    move: (index: number, by: -1 | 1) =>
      setFields((list) => {
        const next = [...list];
        const target = index + by;
        if (target < 0 || target >= next.length || next[target]!.locked) return list;
        [next[index], next[target]] = [next[target]!, next[index]!];
        return next;
      }),
    remove: (index: number) => setFields((list) => list.filter((_, j) => j !== index)),
    add: (label: string, type: FieldType) => {
      const text = label.trim() || FIELD_TYPES.find((t) => t.value === type)!.label;
      const key = fieldKeyFor(
        text,
        fields.map((f) => f.key ?? ""),
      );
      setFields((list) => [
        ...list,
        { key, type, label: text, help: null, required: false, optionsText: "", contact: null, uid: uid() },
      ]);
    },
  };

  return {
    draft,
    setDraft,
    fields,
    fieldList,
    onSubmit,
    save,
    remove,
    formError: feedback.formError,
    fieldErrors: feedback.fieldErrors,
  };
}
