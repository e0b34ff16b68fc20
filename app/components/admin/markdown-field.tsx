import { useRef, useState } from "react";
import type { MarkdownPreviewResponse } from "@server/content/faq-api";
import { InsertImageButton, insertMarkdownBlock } from "~/components/admin/media/image-picker";
import { Field } from "~/components/ui/field";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { Textarea } from "~/components/ui/textarea";
import { failureMessage } from "~/components/ui/use-result-feedback";
import { apiRequest } from "~/lib/queryClient";

/**
 * A Markdown text with a Write / Preview switch. The preview is rendered by the server with
 * the public page's sanitising renderer (POST `previewUrl` {markdown}), so it shows exactly
 * what visitors will see.
 */
export function MarkdownField({
  label,
  name,
  id,
  defaultValue,
  maxLength,
  rows = 8,
  error,
  hint,
  previewUrl,
  images = false,
}: {
  label: string;
  name: string;
  id: string;
  defaultValue?: string;
  maxLength: number;
  rows?: number;
  error?: string;
  hint?: string;
  previewUrl: string;
  /** Offer "Insert image" (the media library), putting the image's Markdown at the cursor. */
  images?: boolean;
}) {
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
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.caret, next.caret);
    });
  };
  const [text, setText] = useState(defaultValue ?? "");
  const [preview, setPreview] = useState<{
    state: "idle" | "loading" | "done" | "error";
    html?: string;
    error?: string;
  }>({
    state: "idle",
  });
  const showPreview = async () => {
    setPreview({ state: "loading" });
    try {
      const res = await apiRequest("POST", previewUrl, { markdown: text });
      setPreview({ state: "done", html: ((await res.json()) as MarkdownPreviewResponse).html });
    } catch (failure) {
      setPreview({ state: "error", error: failureMessage(failure as Error) });
    }
  };
  return (
    <Tabs defaultValue="write" onValueChange={(tab) => tab === "preview" && void showPreview()}>
      <div className="flex flex-wrap items-center justify-end gap-2">
        {images ? <InsertImageButton onInsert={insert} /> : null}
        <TabsList aria-label={`${label}: write or preview`}>
          <TabsTrigger value="write">Write</TabsTrigger>
          <TabsTrigger value="preview">Preview</TabsTrigger>
        </TabsList>
      </div>
      <TabsContent value="write" forceMount className="data-[state=inactive]:hidden mt-2">
        <Field
          label={label}
          id={id}
          required
          error={error}
          hint={hint ?? "Markdown: **bold**, *italic*, [link](https://…), lists with -."}
        >
          <Textarea
            ref={textarea}
            name={name}
            rows={rows}
            maxLength={maxLength}
            value={text}
            onChange={(event) => setText(event.target.value)}
            className="font-mono text-sm"
          />
        </Field>
      </TabsContent>
      <TabsContent value="preview" className="mt-2">
        <p className="text-sm font-medium text-foreground">{label} (preview)</p>
        <div
          className="mt-1.5 min-h-32 rounded-md border border-border bg-background p-4"
          aria-live="polite"
          aria-busy={preview.state === "loading"}
        >
          {preview.state === "loading" ? (
            <p className="text-sm text-muted-foreground">Rendering preview...</p>
          ) : preview.state === "error" ? (
            <p className="text-sm text-destructive-text">{preview.error}</p>
          ) : text.trim() === "" ? (
            <p className="text-sm text-muted-foreground">Nothing to preview yet.</p>
          ) : (
            <div className="prose-content prose-compact" dangerouslySetInnerHTML={{ __html: preview.html ?? "" }} />
          )}
        </div>
      </TabsContent>
    </Tabs>
  );
}
