import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Eye } from "lucide-react";
import { useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { ARTICLE_LIMITS } from "@common/limits";
import type { ArticleListResponse } from "@server/content/api";
import { ConfirmAction, ConfirmDialog } from "~/components/admin/confirm-action";
import { MarkdownField } from "~/components/admin/markdown-field";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, FieldSet } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { useResultFeedback, type Outcome } from "~/components/ui/use-result-feedback";
import { formatDateTime } from "~/lib/dates";
import { contentKeys } from "~/lib/query-keys";
import { apiAction } from "~/lib/queryClient";
import { STATUS_LABEL, type KindInfo } from "./article-kind";
import type { EditorInput, EditorItem } from "./article-form";
import { CoverImageField, SeoFields, SlugField } from "./editor-fields";
import type { ArticleEditorState } from "./use-article-editor";

/** The parts of the article editor (article-editor.tsx), each given the editor's state. */
interface PartProps {
  info: KindInfo;
  item: EditorItem | undefined;
  editor: ArticleEditorState;
}

const STATUS_HINT = {
  draft: "Only staff can see it.",
  scheduled: "Goes live by itself at the time below.",
  published: "Public now, in search, the sitemap and RSS.",
} as const;

function SaveState({ editor }: { editor: ArticleEditorState }) {
  const text =
    editor.state === "saving"
      ? "Saving…"
      : editor.state === "error"
        ? editor.autosaveError
        : editor.state === "dirty"
          ? editor.canAutosave
            ? "Unsaved changes (saving when you pause)"
            : "Unsaved changes"
          : editor.state === "saved"
            ? `Saved${editor.savedAt ? ` ${formatDateTime(editor.savedAt)}` : ""}`
            : "Not saved yet";
  return (
    <p
      role="status"
      data-testid="save-state"
      className={editor.state === "error" ? "text-sm font-medium text-destructive" : "text-sm text-muted-foreground"}
    >
      {text}
    </p>
  );
}

/**
 * "Preview changes" (while there are unsaved changes): posts the editor's current values to
 * the item's preview address in a new tab, which renders them through the public page's
 * components without saving anything. Values the schema refuses are shown beside their
 * fields instead.
 */
function PreviewChanges({ previewPath, input }: { previewPath: string; input: () => EditorInput | undefined }) {
  const values = useRef<HTMLInputElement>(null);
  return (
    <form
      method="post"
      action={previewPath}
      encType="multipart/form-data"
      target="_blank"
      onSubmit={(event) => {
        const checked = input();
        if (!checked) return event.preventDefault();
        values.current!.value = JSON.stringify(checked);
      }}
    >
      <input ref={values} type="hidden" name="values" />
      <Button type="submit" variant="outline">
        <Eye className="size-4" aria-hidden />
        Preview changes<span className="sr-only"> (opens in a new tab; shows what you typed, not saved)</span>
      </Button>
    </form>
  );
}

/** The label of the save button: what saving will do. */
function saveLabelOf({ item, editor }: Pick<PartProps, "item" | "editor">): string {
  const status = editor.values.status;
  if (status === "draft") return "Save draft";
  if (status === "scheduled") return "Schedule";
  return item?.effectiveStatus === "published" ? "Update" : "Publish";
}

/** The head of the editor: the way back, the heading, the save state, preview, view and save. */
export function EditorHeader({ info, item, editor }: PartProps) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <Link to={info.basePath} className="inline-flex items-center gap-1 text-sm font-medium text-link underline">
          <ArrowLeft className="size-4" aria-hidden />
          All {info.many}
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-foreground">{item ? `Edit ${info.one}` : `New ${info.one}`}</h1>
        <SaveState editor={editor} />
      </div>
      <div className="flex flex-wrap gap-2">
        {item && editor.dirty ? (
          <PreviewChanges previewPath={item.previewPath} input={editor.previewInput} />
        ) : item ? (
          <a
            href={item.previewPath}
            target="_blank"
            rel="noreferrer"
            className={buttonVariants({ variant: "outline" })}
          >
            <Eye className="size-4" aria-hidden />
            Preview<span className="sr-only"> (opens in a new tab; shows the last saved version)</span>
          </a>
        ) : null}
        {item?.publicPath ? (
          <a href={item.publicPath} target="_blank" rel="noreferrer" className={buttonVariants({ variant: "ghost" })}>
            View on site<span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : null}
        <Button type="button" disabled={editor.saving} onClick={() => editor.save()}>
          {editor.saving ? "Saving…" : saveLabelOf({ item, editor })}
        </Button>
      </div>
    </div>
  );
}

/** Title, slug, excerpt and body; then the search engines' title and description. */
export function ContentCards({ info, item, editor }: PartProps) {
  const { values, setField, fieldErrors: errors } = editor;
  return (
    <>
      <Card title="Content">
        <div className="mt-4 grid gap-4">
          <Field label="Title" mark="required" error={errors.title}>
            <Input
              name="title"
              value={values.title}
              maxLength={ARTICLE_LIMITS.title}
              onChange={(e) => setField("title", e.currentTarget.value)}
            />
          </Field>
          <SlugField
            info={info}
            id={item?.id}
            value={values.slug}
            error={errors.slug}
            onChange={(v) => setField("slug", v)}
          />
          <Field
            label="Excerpt"
            mark="required"
            error={errors.excerpt}
            hint="One or two sentences for lists and cards."
          >
            <Textarea
              name="excerpt"
              value={values.excerpt}
              rows={3}
              maxLength={ARTICLE_LIMITS.excerpt}
              onChange={(e) => setField("excerpt", e.currentTarget.value)}
            />
          </Field>
          <MarkdownField
            label="Body"
            name="body"
            mark="required"
            rows={22}
            maxLength={ARTICLE_LIMITS.body}
            value={values.body}
            error={errors.body}
            onChange={(v) => setField("body", v)}
            hint={
              <>
                Markdown: <code>## Heading</code>, <code>**bold**</code>, <code>[link](https://…)</code>, lists, tables.
              </>
            }
            keys={contentKeys(info.kind)}
            images
            layout="split"
          />
        </div>
      </Card>
      <Card title="Search engines" description="Leave empty to use the title and the excerpt.">
        <div className="mt-4">
          <SeoFields
            info={info}
            title={values.title}
            excerpt={values.excerpt}
            slug={values.slug}
            seoTitle={values.seoTitle}
            seoDescription={values.seoDescription}
            errors={errors}
            onChange={(name, v) => setField(name, v)}
          />
        </div>
      </Card>
    </>
  );
}

/** Status, the scheduled time, and save. */
export function PublicationCard({ item, editor }: PartProps) {
  const { values, setField, fieldErrors: errors } = editor;
  return (
    <Card title="Publication">
      <div className="mt-4 grid gap-4">
        <FieldSet legend="Status" id="article-status" error={errors.status}>
          <div className="grid gap-2">
            {(["draft", "scheduled", "published"] as const).map((s) => (
              <div key={s} className="flex items-start gap-2 text-sm">
                <input
                  id={`article-status-${s}`}
                  type="radio"
                  name="status"
                  value={s}
                  checked={values.status === s}
                  onChange={() => setField("status", s)}
                  className="mt-0.5 size-4 accent-primary"
                />
                <label htmlFor={`article-status-${s}`}>
                  <span className="font-medium text-foreground">{STATUS_LABEL[s]}</span>
                  <span className="block text-muted-foreground">{STATUS_HINT[s]}</span>
                </label>
              </div>
            ))}
          </div>
        </FieldSet>
        {values.status === "scheduled" ? (
          <Field label="Goes live (Arizona time)" mark="required" error={errors.publishedAt}>
            <Input
              name="publishedAt"
              type="datetime-local"
              value={values.publishedAt}
              onChange={(e) => setField("publishedAt", e.currentTarget.value)}
            />
          </Field>
        ) : values.status === "published" && item?.publishedAt && item.effectiveStatus === "published" ? (
          <p className="text-sm text-muted-foreground">Published {formatDateTime(item.publishedAt)} (Arizona time).</p>
        ) : null}
        <Button type="submit" disabled={editor.saving}>
          {editor.saving ? "Saving…" : saveLabelOf({ item, editor })}
        </Button>
        {!item ? (
          <p className="text-xs text-muted-foreground">After the first save, drafts save themselves as you type.</p>
        ) : null}
      </div>
    </Card>
  );
}

/** Category, tags, the guide's order or the post's author, and the cover image. */
export function OrganiseCard({ info, editor, authorName }: PartProps & { authorName: string }) {
  const { values, setField, fieldErrors: errors } = editor;
  const categories = useQuery<ArticleListResponse>({ queryKey: contentKeys(info.kind).list() });
  return (
    <Card title="Organise">
      <div className="mt-4 grid gap-4">
        <Field label="Category" mark="required" error={errors.category}>
          <Input
            name="category"
            value={values.category}
            list={`${info.kind}-categories`}
            maxLength={ARTICLE_LIMITS.category}
            onChange={(e) => setField("category", e.currentTarget.value)}
          />
        </Field>
        <datalist id={`${info.kind}-categories`}>
          {categories.data?.categories.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
        <Field label="Tags" mark="optional" error={errors.tags} hint="Separate tags with commas.">
          <Input name="tags" value={values.tags} onChange={(e) => setField("tags", e.currentTarget.value)} />
        </Field>
        {info.kind === "help-guides" ? (
          <Field label="Order" error={errors.sortOrder} hint="Lower numbers come first in their category.">
            <Input
              name="sortOrder"
              type="number"
              min={0}
              value={values.sortOrder}
              onChange={(e) => setField("sortOrder", e.currentTarget.value)}
            />
          </Field>
        ) : (
          <Field label="Author" mark="optional" error={errors.authorName} hint={`Default: ${authorName}`}>
            <Input
              name="authorName"
              value={values.authorName}
              maxLength={ARTICLE_LIMITS.authorName}
              onChange={(e) => setField("authorName", e.currentTarget.value)}
            />
          </Field>
        )}
        <CoverImageField
          value={values.coverImageId}
          alt={values.coverImageAlt}
          error={errors.coverImageId ?? errors.coverImageAlt}
          onChange={(cover) => {
            setField("coverImageId", cover.coverImageId);
            setField("coverImageAlt", cover.coverImageAlt);
          }}
        />
      </div>
    </Card>
  );
}

/** Deleting the stored item (after a confirmation), then back to the list. */
export function DeleteCard({ info, item, editor }: PartProps & { item: EditorItem }) {
  const keys = contentKeys(info.kind);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome>();
  useResultFeedback(outcome);
  const remove = useMutation({
    mutationFn: () => apiAction("DELETE", keys.detail(item.id).join("/")),
    onSuccess: async (result) => {
      setOutcome(result);
      editor.discard();
      queryClient.removeQueries({ queryKey: keys.detail(item.id) });
      await queryClient.invalidateQueries({ queryKey: keys.all });
      await navigate(info.basePath);
    },
    onError: setOutcome,
  });
  return (
    <Card title="Delete">
      <p className="mt-2 text-sm text-muted-foreground">
        Removes the {info.one} and its history. Its public address answers “gone”.
      </p>
      <div className="mt-3">
        <ConfirmAction
          trigger={`Delete ${info.one}`}
          triggerVariant="destructive"
          disabled={remove.isPending}
          title={`Delete “${item.title}”?`}
          description={`The ${info.one} leaves the site, search, the sitemap and RSS at once. This cannot be undone.`}
          confirmLabel={`Delete ${info.one}`}
          destructive
          onConfirm={() => remove.mutate()}
        />
      </div>
    </Card>
  );
}

/** The stale-version conflict and the leave warning. */
export function EditorDialogs({ info, editor }: Omit<PartProps, "item">) {
  return (
    <>
      <ConfirmDialog
        open={editor.conflict}
        onOpenChange={(open) => editor.setConflict(open)}
        title="Someone else saved this meanwhile"
        description={
          `Another save of this ${info.one} happened after you opened it. ` +
          "Reload to see their version (your unsaved changes are lost), or overwrite it with yours."
        }
        confirmLabel="Overwrite with mine"
        destructive
        onConfirm={() => void editor.overwrite()}
        extraAction={{ label: "Reload their version", onClick: () => void editor.reload() }}
      />
      <ConfirmDialog
        open={editor.blocker.state === "blocked"}
        onOpenChange={(open) => (open ? null : editor.blocker.reset?.())}
        title="Leave without saving?"
        description="Your changes since the last save will be lost."
        confirmLabel="Leave"
        destructive
        onConfirm={() => editor.blocker.proceed?.()}
      />
    </>
  );
}
