import { useQueryClient } from "@tanstack/react-query";
import { ImageUp } from "lucide-react";
import { useEffect, useId, useRef, useState, type ComponentProps, type DragEvent } from "react";
import { IMAGE_LIMITS, MAX_IMAGE_BYTES } from "@common/limits";
import type { MediaImage } from "@server/media/images";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field, useFieldControl } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { useResultFeedback, type Outcome } from "~/components/ui/use-result-feedback";
import { mediaKeys } from "~/lib/query-keys";
import { cn } from "~/lib/utils";
import { uploadImage } from "./upload-image";

const ACCEPT = "image/jpeg,image/png,image/webp,image/avif";

function showPreviewCleanup(ref: { current: string | undefined }) {
  if (ref.current) URL.revokeObjectURL(ref.current);
}

/**
 * Uploads one image: drop it on the area or choose it, describe it (alt text is required),
 * upload with a progress bar. The server checks the type by content and the size again.
 * Used by the media screen and by pickers that need a new image (`onUploaded`).
 */
export function ImageUploader({ onUploaded }: { onUploaded?: (image: MediaImage) => void }) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const altInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string>();
  const [alt, setAlt] = useState("");
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<{ file?: string; alt?: string }>({});
  const [outcome, setOutcome] = useState<Outcome>();
  useResultFeedback(outcome);

  // The chosen file's preview: a blob URL, released when replaced or when the screen closes.
  const previewRef = useRef<string | undefined>(undefined);
  const showPreview = (next: File | null) => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = next ? URL.createObjectURL(next) : undefined;
    setPreview(previewRef.current);
  };
  useEffect(() => () => showPreviewCleanup(previewRef), []);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    if (chosen.size > MAX_IMAGE_BYTES)
      return setErrors({ file: "The image is larger than 10 MB. Upload a smaller file." });
    if (!ACCEPT.split(",").includes(chosen.type)) return setErrors({ file: "Choose a JPEG, PNG, WebP or AVIF image." });
    setErrors({});
    setFile(chosen);
    showPreview(chosen);
    requestAnimationFrame(() => altInput.current?.focus());
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  const upload = async () => {
    if (!file) return setErrors({ file: "Choose an image first." });
    if (!alt.trim()) {
      setErrors({ alt: "Describe the image for people who cannot see it (alt text)." });
      altInput.current?.focus();
      return;
    }
    setErrors({});
    setProgress(0);
    try {
      const result = await uploadImage(file, alt.trim(), setProgress);
      setOutcome(result);
      await queryClient.invalidateQueries({ queryKey: mediaKeys.all });
      if (result.data) onUploaded?.(result.data.image);
      setFile(null);
      showPreview(null);
      setAlt("");
      if (fileInput.current) fileInput.current.value = "";
    } catch (error) {
      setOutcome(error as Error);
      const fields = (error as { fields?: Record<string, string> }).fields;
      if (fields?.alt) setErrors({ alt: fields.alt });
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="grid gap-4">
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          "flex flex-col items-center gap-3 rounded-lg border-2 border-dashed border-input px-6 py-8 text-center",
          dragging && "border-ring bg-muted",
        )}
      >
        {preview && file ? (
          <img src={preview} alt="" className="max-h-40 rounded-md object-contain" />
        ) : (
          <ImageUp className="size-8 text-muted-foreground" aria-hidden />
        )}
        <p className="text-sm text-foreground">
          {file ? (
            <>
              <span className="font-medium">{file.name}</span> ({(file.size / 1024 / 1024).toFixed(1)} MB)
            </>
          ) : (
            "Drop an image here, or"
          )}
        </p>
        <Field label="Choose an image" id={inputId} error={errors.file} hint="JPEG, PNG, WebP or AVIF, up to 10 MB.">
          <FileInput
            ref={fileInput}
            accept={ACCEPT}
            className={
              "block w-full max-w-xs text-sm file:mr-3 file:rounded-md file:border file:border-input " +
              "file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-semibold"
            }
            onChange={(event) => choose(event.target.files?.[0])}
          />
        </Field>
      </div>
      <Field
        label="Description (alt text)"
        id={`${inputId}-alt`}
        required
        error={errors.alt}
        hint="What the image shows, for people who cannot see it. For example “Owner at the counter of a Gilbert bakery”."
      >
        <Input
          ref={altInput}
          value={alt}
          maxLength={IMAGE_LIMITS.alt}
          onChange={(event) => setAlt(event.target.value)}
        />
      </Field>
      {progress !== null ? (
        <div className="grid gap-1">
          <progress className="h-2 w-full accent-brand-700" max={1} value={progress} aria-label="Upload progress" />
          <p className="text-sm text-muted-foreground" role="status">
            {progress < 1 ? `Uploading... ${Math.round(progress * 100)}%` : "Making the smaller sizes..."}
          </p>
        </div>
      ) : null}
      <div>
        <Button type="button" onClick={() => void upload()} disabled={progress !== null}>
          {progress !== null ? "Uploading..." : "Upload image"}
        </Button>
      </div>
      <Alert variant="info" className="sr-only" aria-live="polite">
        {file ? `${file.name} chosen.` : ""}
      </Alert>
    </div>
  );
}

/** A file input wired to its Field (label, hint, error), like the kit's controls. */
function FileInput(props: Omit<ComponentProps<"input">, "type">) {
  return <input type="file" {...useFieldControl(props)} />;
}
