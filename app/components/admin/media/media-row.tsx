import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { imageAltSchema, type ImageAltInput } from "@common/media";
import { IMAGE_LIMITS } from "@common/limits";
import type { MediaResponse } from "@server/media/api";
import { ConfirmAction } from "~/components/admin/confirm-action";
import { imageMarkdown } from "~/components/admin/media/image-picker";
import { useApiForm } from "~/components/admin/use-api-form";
import { ResponsiveImage } from "~/components/site/responsive-image";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { useResultFeedback, type Outcome } from "~/components/ui/use-result-feedback";
import { apiAction } from "~/lib/queryClient";
import { mediaKeys } from "~/lib/query-keys";

type MediaItem = MediaResponse["images"][number];

const kb = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** One uploaded image: thumbnail, size, where it is used, its alt text (editable), its address, delete. */
export function MediaRow({ image }: { image: MediaItem }) {
  const queryClient = useQueryClient();
  const ref = useRef<HTMLFormElement>(null);
  const [copied, setCopied] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  useResultFeedback(outcome);
  const url = `${mediaKeys.all[0]}/${encodeURIComponent(image.id)}`;
  const form = useApiForm(ref, {
    schema: imageAltSchema,
    send: (values: ImageAltInput) => apiAction("PATCH", url, values),
    invalidate: mediaKeys.all,
    keepValues: true,
  });
  const remove = useMutation({
    mutationFn: () => apiAction("DELETE", `${url}${image.uses.length ? "?force=1" : ""}`),
    onSuccess: setOutcome,
    onError: setOutcome,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mediaKeys.all }),
  });
  const copy = async () => {
    await navigator.clipboard.writeText(imageMarkdown(image));
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  const inUse = image.uses.length > 0;
  return (
    <li className="grid gap-4 py-4 sm:grid-cols-[10rem_1fr]">
      <ResponsiveImage image={image} sizes="10rem" className="h-auto w-40 rounded-md border border-border bg-muted" />
      <div className="grid min-w-0 gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <p className="min-w-0 break-all font-medium text-foreground">{image.filename}</p>
          <span className="text-sm text-muted-foreground">
            {image.width} × {image.height} px, {kb(image.size)}, {image.format.toUpperCase()}
          </span>
          {inUse ? (
            <Badge variant="info">Used in {image.uses.length}</Badge>
          ) : (
            <Badge variant="neutral">Not used</Badge>
          )}
        </div>
        {inUse ? (
          <ul className="text-sm text-muted-foreground" aria-label={`Where ${image.filename} is used`}>
            {image.uses.map((use, index) => (
              <li key={index}>
                {use.kind}:{" "}
                <a className="text-link underline" href={use.editPath}>
                  {use.title}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        <form ref={ref} noValidate onSubmit={form.onSubmit} className="grid gap-2 sm:flex sm:items-start">
          <Field
            label="Description (alt text)"
            id={`alt-${image.id}`}
            required
            error={form.fieldErrors.alt}
            className="min-w-0 sm:flex-1"
          >
            <Input name="alt" defaultValue={image.alt} maxLength={IMAGE_LIMITS.alt} />
          </Field>
          <Button
            type="submit"
            variant="outline"
            size="sm"
            className="justify-self-start sm:mt-6.5"
            disabled={form.pending}
          >
            {form.pending ? "Saving..." : "Save description"}
          </Button>
        </form>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => void copy()}
            aria-label={`Copy Markdown: ${image.filename}`}
          >
            {copied ? "Copied" : "Copy Markdown"}
          </Button>
          <ConfirmAction
            disabled={remove.isPending}
            trigger="Delete"
            triggerLabel={`Delete: ${image.filename}`}
            title={inUse ? "This image is in use. Delete it anyway?" : "Delete this image?"}
            description={
              inUse
                ? `It appears in ${image.uses.map((u) => `${u.kind} “${u.title}”`).join(", ")}. Those pages will show no image where it was.`
                : "The image and its resized copies are removed for good."
            }
            confirmLabel={inUse ? "Delete anyway" : "Delete image"}
            destructive
            onConfirm={() => remove.mutate()}
          />
        </div>
      </div>
    </li>
  );
}
