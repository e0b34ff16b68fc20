import { useEffect, useId, useRef, useState } from "react";
import { faqInputSchema, type FaqInput } from "@common/content";
import { FAQ_LIMITS } from "@common/limits";
import { slugify } from "@common/slug";
import type { FaqItem } from "@server/content/faq";
import { formSchema } from "~/components/admin/form-values";
import { MarkdownField } from "~/components/admin/markdown-field";
import { useApiForm } from "~/components/admin/use-api-form";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { apiAction } from "~/lib/queryClient";
import { faqKeys } from "~/lib/query-keys";

const schema = formSchema(faqInputSchema, { checkboxes: ["published"] });

/**
 * Adds or edits one FAQ item in a dialog: question, slug (made from the question until
 * edited by hand), category (existing ones offered), Markdown answer with preview, published.
 */
export function FaqFormDialog({
  item,
  categories,
  open,
  onOpenChange,
}: {
  /** The item to edit; none to add one. */
  item?: FaqItem;
  categories: string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{item ? "Edit question" : "Add a question"}</DialogTitle>
          <DialogDescription>
            {item
              ? "Changes show on the public FAQ as soon as you save."
              : "New questions go last in their category; move them with the arrows."}
          </DialogDescription>
        </DialogHeader>
        {open ? <FaqForm item={item} categories={categories} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function FaqForm({ item, categories, onDone }: { item?: FaqItem; categories: string[]; onDone: () => void }) {
  const ref = useRef<HTMLFormElement>(null);
  const listId = useId();
  const [slug, setSlug] = useState(item?.slug ?? "");
  const [slugTouched, setSlugTouched] = useState(!!item);
  const form = useApiForm(ref, {
    schema,
    send: (values: FaqInput) => {
      // Without a sort order the server keeps the item's place (or puts a new one last).
      const { sortOrder: _unused, ...rest } = values;
      void _unused;
      return item
        ? apiAction<{ id: string }>("PATCH", `${faqKeys.all[0]}/${encodeURIComponent(item.id)}`, rest)
        : apiAction<{ id: string }>("POST", faqKeys.all[0], rest);
    },
    invalidate: faqKeys.all,
    keepValues: true,
  });
  useEffect(() => {
    if (form.result?.ok) onDone();
  }, [form.result, onDone]);
  return (
    <form ref={ref} method="post" noValidate onSubmit={form.onSubmit} className="mt-4 grid gap-4">
      <Field label="Question" id="faq-question" required error={form.fieldErrors.question}>
        <Input
          name="question"
          defaultValue={item?.question}
          maxLength={FAQ_LIMITS.question}
          onChange={(event) => !slugTouched && setSlug(slugify(event.target.value))}
        />
      </Field>
      <Field
        label="Link name (slug)"
        id="faq-slug"
        required
        error={form.fieldErrors.slug}
        hint="The answer's deep link: /resources/faq#slug. Lowercase letters, numbers and hyphens."
      >
        <Input
          name="slug"
          value={slug}
          maxLength={FAQ_LIMITS.slug}
          onChange={(event) => {
            setSlugTouched(true);
            setSlug(event.target.value);
          }}
        />
      </Field>
      <Field
        label="Category"
        id="faq-category"
        required
        error={form.fieldErrors.category}
        hint="Pick one or type a new one."
      >
        <Input
          name="category"
          list={listId}
          defaultValue={item?.category ?? categories[0]}
          maxLength={FAQ_LIMITS.category}
        />
      </Field>
      <datalist id={listId}>
        {categories.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      <MarkdownField
        label="Answer"
        name="answer"
        id="faq-answer"
        defaultValue={item?.answer}
        maxLength={FAQ_LIMITS.answer}
        error={form.fieldErrors.answer}
        required
        images
        keys={faqKeys}
      />
      <Field label="Published (shown on the public FAQ)" id="faq-published" orientation="horizontal">
        <Checkbox name="published" defaultChecked={item?.published ?? true} />
      </Field>
      {form.formError ? <Alert variant="error">{form.formError}</Alert> : null}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={form.pending}>
          {form.pending ? "Saving..." : item ? "Save question" : "Add question"}
        </Button>
      </div>
    </form>
  );
}
