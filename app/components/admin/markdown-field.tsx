import { useQuery } from "@tanstack/react-query";
import { useRef, useState, type ReactNode } from "react";
import type { MarkdownPreviewInput } from "@common/markdown";
import type { MarkdownPreviewResponse } from "@server/content/preview";
import { InsertImageButton, insertMarkdownBlock } from "~/components/admin/media/image-picker";
import { Field, FieldError, type FieldProps } from "~/components/ui/field";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { Textarea } from "~/components/ui/textarea";
import { describeOutcome } from "~/components/ui/use-result-feedback";
import { apiRequest } from "~/lib/queryClient";
import { useDebounced } from "~/lib/use-debounced";
import { cn } from "~/lib/utils";

/** The key factory of the area whose API renders the preview (`POST <all>/preview {markdown}`). */
export interface MarkdownPreviewKeys {
  all: readonly [string];
  preview: (markdown: string) => readonly string[];
}

type View = "write" | "preview";

/**
 * The admin's one Markdown field: a textarea with Write / Preview tabs (Radix Tabs from the
 * UI kit). The preview is rendered by the server with the public page's sanitising renderer
 * (`POST <area>/preview {markdown}`, common/markdown.ts), so it shows exactly what visitors
 * will see; its query key comes from the area's key factory.
 *
 * `layout="split"` (the article editor): from the lg breakpoint the text and a live preview
 * (updated as you pause typing) stand side by side and the tabs are hidden; below it, the
 * tabs switch between them. `layout="tabs"` (dialogs): the preview is fetched when its tab is
 * opened. Controlled (`value` + `onChange`) or not (`defaultValue`, posted with the form).
 */
export function MarkdownField({
  label,
  name,
  id,
  value,
  defaultValue,
  onChange,
  maxLength,
  rows = 8,
  error,
  hint = "Markdown: **bold**, *italic*, [link](https://…), lists with -.",
  required,
  mark,
  keys,
  images = false,
  layout = "tabs",
}: {
  label: string;
  name: string;
  id?: string;
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  maxLength: number;
  rows?: number;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  mark?: FieldProps["mark"];
  keys: MarkdownPreviewKeys;
  /** Offer "Insert image" (the media library), putting the image's Markdown at the cursor. */
  images?: boolean;
  layout?: "tabs" | "split";
}) {
  const split = layout === "split";
  const [view, setView] = useState<View>("write");
  const [own, setOwn] = useState(defaultValue ?? "");
  const text = value ?? own;
  const setText = (next: string) => {
    if (value === undefined) setOwn(next);
    onChange?.(next);
  };

  const textarea = useRef<HTMLTextAreaElement>(null);
  const insert = (markdown: string) => {
    const el = textarea.current;
    const next = insertMarkdownBlock(
      text,
      el?.selectionStart ?? text.length,
      el?.selectionEnd ?? text.length,
      markdown,
    );
    setText(next.text);
    setView("write");
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.caret, next.caret);
    });
  };

  // The split preview follows the typing once it pauses; a preview tab shows the text as it is.
  const settled = useDebounced(text, 400);
  const source = split ? settled : text;
  const preview = useQuery({
    queryKey: keys.preview(source),
    queryFn: async () => {
      const input: MarkdownPreviewInput = { markdown: source };
      const res = await apiRequest("POST", `${keys.all[0]}/preview`, input);
      return (await res.json()) as MarkdownPreviewResponse;
    },
    enabled: (split || view === "preview") && source.trim() !== "",
    placeholderData: (previous) => previous,
    gcTime: 30_000,
  });
  const failure = describeOutcome(preview.error);

  // Below lg a split field behaves like tabs; from lg both panels show.
  const panel = cn("mt-0 data-[state=inactive]:hidden", split && "lg:data-[state=inactive]:block");
  return (
    <Tabs value={view} onValueChange={(next) => setView(next as View)} className="grid gap-2">
      <div className="flex flex-wrap items-center justify-end gap-2">
        {images ? <InsertImageButton onInsert={insert} /> : null}
        <TabsList aria-label={`${label}: write or preview`} className={cn(split && "lg:hidden")}>
          <TabsTrigger value="write">Write</TabsTrigger>
          <TabsTrigger value="preview">Preview</TabsTrigger>
        </TabsList>
      </div>
      <div className={cn(split && "grid gap-4 lg:grid-cols-2")}>
        <TabsContent value="write" forceMount className={panel}>
          <Field label={label} id={id} required={required} mark={mark} error={error} hint={hint}>
            <Textarea
              ref={textarea}
              name={name}
              rows={rows}
              maxLength={maxLength}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              textSize="sm"
              className="font-mono"
            />
          </Field>
        </TabsContent>
        <TabsContent value="preview" forceMount={split || undefined} className={panel}>
          <section
            aria-label={`${label} preview`}
            aria-busy={preview.isFetching}
            className={cn("rounded-md border border-border bg-background p-4", split ? "min-h-64" : "min-h-32")}
          >
            <p className="mb-3 text-xs font-semibold uppercase tracking-wide text-muted-foreground">Preview</p>
            {failure && !failure.ok ? (
              <FieldError>{failure.fieldErrors.markdown ?? failure.formError}</FieldError>
            ) : source.trim() === "" ? (
              <p className="text-sm text-muted-foreground">Nothing to preview yet.</p>
            ) : preview.data ? (
              <div
                // A scrolling region must be reachable by keyboard (WCAG 2.1.1; axe "scrollable-region-focusable").
                // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
                tabIndex={0}
                role="region"
                aria-label="Rendered preview"
                className={cn(
                  "prose-content max-h-[36rem] overflow-y-auto rounded-sm",
                  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                  !split && "prose-compact",
                )}
                dangerouslySetInnerHTML={{ __html: preview.data.html }}
              />
            ) : (
              <p className="text-sm text-muted-foreground">Rendering preview…</p>
            )}
          </section>
        </TabsContent>
      </div>
    </Tabs>
  );
}
